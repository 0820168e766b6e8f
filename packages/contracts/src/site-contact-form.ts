/**
 * The site's contact form in each language: forms of the product itself, which the api makes sure
 * exist and are published when it starts (api/src/modules/site). Fixed ids, so that the contact page,
 * rendered when the marketing area is built, can embed them. Zod-free, for the public site's pages.
 * See docs/decisions/032-site-contact-form.md.
 */
export const siteContactFormIds = { de: '6570c0a7ac7f000000000de0', en: '6570c0a7ac7f000000000e40' } as const;
