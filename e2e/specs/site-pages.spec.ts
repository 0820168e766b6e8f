import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';
import { csrfHeaders } from '../support/session';

// The public site's imprint, data protection notice, terms and contact page (issue 18): static pages
// for a guest (docs/decisions/024-static-marketing-pages.md) with real content in both languages, the
// contact page embedding the site's own contact form (docs/decisions/032-site-contact-form.md), whose
// enquiries the site team reads through the api. The contact form needs the api started with
// SITE_TEAM_OWNER_EMAIL.

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

// The account `npm start` and `npm test` name in SITE_TEAM_OWNER_EMAIL (scripts/lib/system.mjs): the api
// made it without a password; the owner claims it as anyone who forgot theirs.
const siteTeamOwnerEmail = 'website@formwerk.localhost';

/**
 * The site team's owner, signed in through the password reset mail, with the site team as the
 * session's team: the one who reads the enquiries in the product.
 */
async function signInAsSiteTeamOwner(owner: APIRequestContext) {
  // A client address of its own (X-Forwarded-For, as support/session.ts signs up): the limit of reset
  // requests per IP then counts this test alone.
  const headers = { 'X-Forwarded-For': '10.18.0.1' };
  expect(
    (await owner.post('/api/v1/auth/forgot-password', { data: { email: siteTeamOwnerEmail }, headers })).status(),
  ).toBe(204);
  const link = new URL(await waitForMailLink(siteTeamOwnerEmail, /Passwort zurücksetzen/), 'http://localhost');
  const reset = await owner.post('/api/v1/auth/reset-password', {
    data: { token: link.searchParams.get('token'), password: 'the site’s own password' },
    headers,
  });
  expect(reset.status()).toBe(200);
  const { teams } = (await (await owner.get('/api/v1/teams')).json()) as { teams: { teamId: number; name: string }[] };
  const siteTeam = teams.find((team) => team.name === 'Formwerk-Website');
  expect(siteTeam, 'the site team').toBeDefined();
  const switched = await owner.post('/api/v1/teams/current', {
    data: { teamId: siteTeam?.teamId },
    headers: await csrfHeaders(owner),
  });
  expect(switched.status()).toBe(200);
}

test.describe('the contact form', () => {
  // One owner's session for both: a password reset signs the account out everywhere else.
  test.describe.configure({ mode: 'serial' });
  let owner: APIRequestContext;

  // `baseURL` is a fixture of each test; a hook that runs once reads it from the configuration.
  test.beforeAll(async ({ playwright }, testInfo) => {
    owner = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    await signInAsSiteTeamOwner(owner);
  });
  test.afterAll(async () => {
    await owner.dispose();
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
    test(`in ${locale}: a guest sends it from the contact page, and the site team finds the enquiry`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      const message = `Bitte rufen Sie mich an (${locale}, ${Date.now()}).`;
      const frameElement = page.locator(`iframe[title="${texts.frame}"]`);
      const formId = /\/form\/([0-9a-f]{24})$/.exec((await frameElement.getAttribute('src')) ?? '')?.[1];
      expect(formId, 'the framed form').toBeDefined();
      const frame = page.frameLocator(`iframe[title="${texts.frame}"]`);
      await frame.getByLabel(/^Name/).fill('Grete Probe');
      await frame.getByLabel(texts.email).fill('grete@example.com');
      await frame.getByLabel(texts.topic).check();
      await frame.getByLabel(texts.message).fill(message);
      await frame.getByRole('checkbox').check();
      // The embed script gives the frame the form's height: the send button shows without inner scrolling.
      await expect
        .poll(() => frameElement.evaluate((element) => element.getBoundingClientRect().height))
        .toBeGreaterThan(400);
      // A person takes a moment; the api refuses forms sent back within 3 seconds.
      await page.waitForTimeout(3000);
      await frame.getByRole('button', { name: texts.submit }).click();
      await expect(frame.getByRole('heading', { name: texts.thanks })).toBeVisible();
      expect(await overflowOf(page)).toBeLessThanOrEqual(0);

      const listed = await owner.get(`/api/v1/forms/${formId}/submissions`);
      expect(listed.status()).toBe(200);
      const { submissions } = (await listed.json()) as { submissions: { answers: Record<string, unknown> }[] };
      expect(submissions.find((submission) => submission.answers.message === message)?.answers).toMatchObject({
        name: 'Grete Probe',
        email: 'grete@example.com',
        topic: locale === 'de' ? 'support' : 'sales',
        consent: true,
      });
    });
  }
});
