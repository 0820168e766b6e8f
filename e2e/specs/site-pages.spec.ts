import { expect, type Page, test } from '@playwright/test';

// The public site's imprint, data protection notice, terms and contact page (issue 18): static pages
// for a guest (docs/decisions/024-static-marketing-pages.md) with real content in both languages, the
// contact page embedding the site's own contact form (docs/decisions/032-site-contact-form.md). The
// contact form needs the api started with SITE_TEAM_OWNER_EMAIL.

const pages = [
  { de: '/impressum', en: '/en/imprint', heading: { de: 'Impressum', en: 'Imprint' }, contents: false },
  {
    de: '/datenschutz',
    en: '/en/data-protection',
    heading: { de: 'Datenschutz', en: 'Data protection' },
    contents: true,
  },
  {
    de: '/agb',
    en: '/en/general-terms-conditions',
    heading: { de: 'Allgemeine Geschäftsbedingungen', en: 'General terms and conditions' },
    contents: true,
  },
  { de: '/kontakt', en: '/en/contact', heading: { de: 'Kontakt', en: 'Contact' }, contents: false },
] as const;

const footerLinks = {
  de: ['Impressum', 'Datenschutz', 'AGB', 'Kontakt'],
  en: ['Imprint', 'Data protection', 'Terms', 'Contact'],
};

/** How far the page reaches past the window's right edge, in CSS pixels (0: no sideways scrolling). */
const overflowOf = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const locale of ['de', 'en'] as const) {
      test(`in ${locale}: the legal pages and the contact page fit the window and link their other language`, async ({
        page,
      }) => {
        for (const site of pages) {
          const path = site[locale];
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(200);
          await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(site.heading[locale]);
          expect(await overflowOf(page), path).toBeLessThanOrEqual(0);
          // Absolute on the site's address (PUBLIC_URL, which need not be the address this test opens).
          const pathOf = async (selector: string) =>
            new URL((await page.locator(selector).getAttribute('href')) ?? '').pathname;
          expect(await pathOf('link[rel="canonical"]'), path).toBe(path);
          expect(await pathOf('link[rel="alternate"][hreflang="de"]'), path).toBe(site.de);
          expect(await pathOf('link[rel="alternate"][hreflang="en"]'), path).toBe(site.en);
          expect(await pathOf('link[rel="alternate"][hreflang="x-default"]'), path).toBe(site.de);
          const legal = page.getByRole('contentinfo').getByRole('navigation');
          await expect(legal.getByRole('link')).toHaveText(footerLinks[locale]);
          if (site.contents) {
            // The contents lead to their section, which shows below the sticky header.
            const contents = page.getByRole('navigation', { name: locale === 'de' ? 'Inhalt' : 'Contents' });
            const last = contents.getByRole('link').last();
            const target = (await last.getAttribute('href')) ?? '';
            await last.click();
            await expect(page).toHaveURL(new RegExp(`${target}$`));
            await expect(page.locator(target)).toBeInViewport();
          }
        }
      });
    }
  });
}

test('the site map lists the legal pages and the contact page with their alternates', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const site of pages) {
    expect(sitemap).toMatch(
      new RegExp(
        `<loc>https?://[^<]+${site.de}</loc><xhtml:link [^>]+/><xhtml:link rel="alternate" hreflang="en" href="https?://[^"]+${site.en}"/>`,
      ),
    );
  }
});

for (const { locale, path, texts } of [
  {
    locale: 'de',
    path: '/kontakt',
    texts: {
      frame: 'Kontaktformular',
      email: /^E-Mail-Adresse/,
      topic: 'Support',
      message: /^Ihre Nachricht/,
      submit: 'Absenden',
      thanks: 'Vielen Dank!',
    },
  },
  {
    locale: 'en',
    path: '/en/contact',
    texts: {
      frame: 'Contact form',
      email: /^Email address/,
      topic: 'Sales',
      message: /^Your message/,
      submit: 'Submit',
      thanks: 'Thank you!',
    },
  },
] as const) {
  test(`in ${locale}: a guest sends the site's contact form from the contact page`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const frame = page.frameLocator(`iframe[title="${texts.frame}"]`);
    await frame.getByLabel(/^Name/).fill('Grete Probe');
    await frame.getByLabel(texts.email).fill('grete@example.com');
    await frame.getByLabel(texts.topic).check();
    await frame.getByLabel(texts.message).fill('Bitte rufen Sie mich an.');
    await frame.getByRole('checkbox').check();
    // The embed script gives the frame the form's height: the send button shows without inner scrolling.
    await expect
      .poll(() => page.locator('iframe').evaluate((element) => element.getBoundingClientRect().height))
      .toBeGreaterThan(400);
    // A person takes a moment; the api refuses forms sent back within 3 seconds.
    await page.waitForTimeout(3000);
    await frame.getByRole('button', { name: texts.submit }).click();
    await expect(frame.getByRole('heading', { name: texts.thanks })).toBeVisible();
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
  });
}
