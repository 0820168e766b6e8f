import { expect, test } from '@playwright/test';

test.describe('locale detection, switch and cookie', () => {
  test('a first visit to / with an English browser goes to /en and records the choice', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ locale: 'en-US', baseURL: baseURL as string });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL('/en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forms that simply work');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    await context.close();
  });

  test('a German browser stays on / in German', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formulare, die einfach funktionieren');
  });

  test('a recorded German choice wins over an English browser', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ locale: 'en-US', baseURL: baseURL as string });
    await context.addCookies([{ name: 'i18n_redirected', value: 'de', url: baseURL as string }]);
    const page = await context.newPage();
    await page.goto('/');
    await expect(page).toHaveURL('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });

  test('the switcher keeps the page, its parameters and query, and sets the cookie for 365 days', async ({
    page,
    context,
  }) => {
    await page.goto('/kontakt?topic=sales');
    await page.getByRole('link', { name: 'Auf Englisch anzeigen' }).click();
    await expect(page).toHaveURL('/en/contact?topic=sales');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365);

    await page.goto('/en/features/workflows');
    await page.getByRole('link', { name: 'Show in German' }).click();
    await expect(page).toHaveURL('/funktionen/workflows');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });

  test('messages come from /_i18n/{locale}/messages.json and are cached for 24 hours', async ({ page }) => {
    const messages = page.waitForResponse('**/_i18n/de/messages.json');
    // A page of the app: a guest's marketing page is static HTML and asks for no messages.
    await page.goto('/forgot-password');
    const response = await messages;
    expect(response.headers()['cache-control']).toBe('public, max-age=86400');
    expect((await response.json()).nav.pricing).toBe('Preise');
  });
});
