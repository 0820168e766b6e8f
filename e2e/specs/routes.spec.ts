import { expect, test } from '@playwright/test';
import { examplePath, localizedRoutes } from '../support/example-paths';
import { answerSurvey, signUp, signUpReady } from '../support/session';

for (const locale of ['de', 'en'] as const) {
  test(`every route in ${locale} reaches the page of the area that owns it`, async ({ page, browser, baseURL }) => {
    // About 70 pages, each a cold load of its area: 2.3 min on two busy cores, with room to spare.
    test.setTimeout(300_000);
    const routes = localizedRoutes.filter((candidate) => candidate.locale === locale);
    const isGuestOnly = (route: (typeof routes)[number]) => route.middleware?.includes('un-auth') === true;
    // A real account: it owes the survey first, so the survey route is visited before it is answered.
    await signUp(page.request);
    const guest = await browser.newPage({ baseURL: baseURL as string });
    // The public form page is the shell server's, not an area's: public-form.spec covers it (an
    // unknown form answers 404 there).
    const areaRoutes = routes.filter((route) => route.baseName !== 'form-id');
    const ordered = [
      ...areaRoutes.filter((route) => route.baseName === 'v1-survey'),
      ...areaRoutes.filter((route) => route.baseName !== 'v1-survey' && route.baseName !== 'logout'),
      ...areaRoutes.filter((route) => route.baseName === 'logout'),
    ];
    for (const route of ordered) {
      if (route.baseName === 'v1') await answerSurvey(page.request);
      const current = isGuestOnly(route) ? guest : page;
      const path = examplePath(route);
      const response = await current.goto(path);
      expect(response?.status(), path).toBe(200);
      if (route.baseName === 'logout') {
        // The logout page ends the session and moves on to the home page.
        await expect(current, path).toHaveURL(locale === 'de' ? '/' : '/en');
        continue;
      }
      await expect(current, path).toHaveURL(path);
      const heading = current.locator(`[data-area="${route.area}"] h1`);
      await expect(heading, path).toBeVisible();
      await expect(heading, path).not.toBeEmpty();
      await expect(current.locator('html'), path).toHaveAttribute('lang', locale);
      await expect(current.locator('[data-route-name]'), path).toHaveAttribute('data-route-name', route.localizedName);
    }
    await guest.close();
  });
}

test('localized marketing slugs lead to the same page in the other language', async ({ page }) => {
  await page.goto('/kontakt');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kontakt');
  await page.goto('/en/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
});

test('the approvals area uses the work layout and the forms area the main layout', async ({ page }) => {
  await signUpReady(page.request);
  await page.goto('/v1/approve');
  await expect(page.locator('.layout--work')).toBeVisible();
  await page.goto('/v1/forms');
  await expect(page.locator('.layout--main')).toBeVisible();
  await page.goto('/preis');
  await expect(page.locator('.layout--public')).toBeVisible();
});

test('a remote runs standalone on its own origin, without the shell', async ({ page }) => {
  await page.goto('http://localhost:3003/');
  await expect(page.getByText('Bereich forms eigenständig')).toBeVisible();
  await page.getByRole('link', { name: 'v1-forms-archived___de' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Archivierte Formulare');
  await page.getByRole('link', { name: 'EN', exact: true }).click();
  await page.getByRole('link', { name: 'v1-forms-archived___en' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Archived forms');
});

test('the navigation marks the section of the current page, and the home only on itself', async ({ page }) => {
  await signUpReady(page.request);
  await page.goto('/en/v1/approve/workflows');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');
  await expect(navigation.getByRole('link', { name: 'Overview' })).not.toHaveAttribute('aria-current', 'page');
});
