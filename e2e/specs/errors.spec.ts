import { expect, test } from '@playwright/test';

test.describe('error page (product-spec §8)', () => {
  test('an unmatched route answers 404 "Page not found: {fullPath}", localized', async ({ page }) => {
    const response = await page.goto('/en/no-such-page?x=1');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('Page not found: /en/no-such-page?x=1')).toBeVisible();

    await page.goto('/gibt-es-nicht');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(page.getByText('Seite nicht gefunden: /gibt-es-nicht')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('a route parameter that fails validation is a fatal 404 "Page Not Found: {path}"', async ({ page }) => {
    const response = await page.goto('/en/v1/forms/not%20valid!');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
    await expect(page.getByText('Page Not Found: /en/v1/forms/not%20valid!')).toBeVisible();
  });

  test('any other error shows status 500 "Internal Server Error" with the error text', async ({ page }) => {
    await page.goto('/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort vergessen');
    await page.route('**/_i18n/en/messages.json', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.getByRole('link', { name: 'Auf Englisch anzeigen' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal Server Error');
    await expect(page.getByText('Error 500')).toBeVisible();
    await expect(page.getByText('Messages for en answered 503')).toBeVisible();
  });

  test('crawlers and preview bots get the status without the error page, and it is logged', async ({ request }) => {
    for (const userAgent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1)',
      'facebookexternalhit/1.1',
      'Slackbot-LinkExpanding 1.0',
    ]) {
      const response = await request.get('/en/nothing-here', { headers: { 'User-Agent': userAgent } });
      expect(response.status()).toBe(404);
      expect(await response.text()).toBe('');
    }
    const human = await request.get('/en/nothing-here');
    expect(human.status()).toBe(404);
    expect(await human.text()).toContain('<div id="root">');
  });

  test('route rules redirect inside the app (relative) and on the server', async ({ page, request }) => {
    const response = await request.get('/hilfe', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/kontakt');
    await page.goto('/en/help');
    await expect(page).toHaveURL('/en/contact');
  });
});
