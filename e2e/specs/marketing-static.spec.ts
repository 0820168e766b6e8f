import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { examplePath, localizedRoutes } from '../support/example-paths';
import { type Started, startShell } from '../support/processes';
import { signUpReady } from '../support/session';

// A guest's marketing pages are the marketing area's static pages (docs/decisions/024-static-marketing-
// pages.md): HTML and CSS with one small script, the island, and no app. Signed in, or on the way to
// the login dialog, the same addresses are the app's pages.

const island = /\/pages\/assets\/island\.[0-9a-f]+\.js$/;
// Every marketing page but the test page, which only the app shows; a feature with a page of its own.
const staticPaths = localizedRoutes
  .filter((route) => route.area === 'marketing' && route.baseName !== 'test')
  .map((route) => examplePath(route));

/** Opens `path` and tells what the page asked for: its scripts, and whether it read the app's files. */
async function openRecorded(page: Page, path: string) {
  const scripts: string[] = [];
  const appFiles: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
    if (/\/registry\.json|mf-manifest\.json|remoteEntry\.js|\/_i18n\//.test(request.url()))
      appFiles.push(request.url());
  });
  const response = await page.goto(path, { waitUntil: 'networkidle' });
  return { response, scripts, appFiles };
}

/** The header's and footer's links as a reader meets them: name and address. */
async function frameLinksOf(page: Page) {
  return (
    page
      .locator('.ui-header__brand, .ui-header__nav a, .language-switcher, .site-footer a')
      // Without the query, which the app's language switcher keeps (here the login dialog's).
      .evaluateAll((links) => links.map((link) => `${link.textContent} → ${link.getAttribute('href')?.split('?')[0]}`))
  );
}

const isApp = (page: Page) =>
  page
    .locator('#root')
    .count()
    .then((count) => count > 0);

test('a guest’s cold load of / and /en/pricing is the static page: no app, only the island', async ({
  browser,
  baseURL,
}) => {
  for (const [path, locale, heading] of [
    ['/', 'de', 'Formulare, die einfach funktionieren'],
    ['/en/pricing', 'en', 'Pricing'],
  ] as const) {
    // A context of its own: nothing cached from the page before.
    const context = await browser.newContext({ baseURL: baseURL as string, locale: 'de-AT' });
    const page = await context.newPage();
    const { response, scripts, appFiles } = await openRecorded(page, path);
    expect(response?.status(), path).toBe(200);
    expect(response?.headers()['cache-control'], path).toBe('no-cache');
    await expect(page.locator('[data-area="marketing"] h1'), path).toHaveText(heading);
    expect(await isApp(page), path).toBe(false);
    expect(scripts, path).toHaveLength(1);
    expect(scripts[0], path).toMatch(island);
    expect(appFiles, path).toEqual([]);
    await expect(page.locator('html'), path).toHaveAttribute('lang', locale);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toMatch(
      new RegExp(`^https?://[^/]+${path}$`),
    );
    await context.close();
  }
});

test('on a phone, the static page’s menu opens and closes by keyboard, and nothing sticks out', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/en/pricing');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();

  const menuButton = page.getByRole('button', { name: 'Menu' });
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  // The sign-in stays beside the menu button; the navigation waits behind it.
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(navigation).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await menuButton.focus();
  await page.keyboard.press('Enter');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  await expect(navigation).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Features' })).toBeFocused();
  await expect(navigation.getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Tab');
  await expect(navigation.getByRole('link', { name: 'Pricing' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(menuButton).toBeFocused();
  await expect(navigation).toBeHidden();

  // A press outside the open menu (below it, where the page shows) closes it too.
  await page.keyboard.press('Enter');
  await expect(navigation).toBeVisible();
  await page.mouse.click(195, 500);
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL('/en/pricing');
});

test('the language switcher leads to the same page and query in English, and records the choice', async ({
  page,
  context,
}) => {
  await page.goto('/preis?ref=news');
  await page.getByRole('link', { name: 'Auf Englisch anzeigen' }).click();
  await expect(page).toHaveURL('/en/pricing?ref=news');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await isApp(page)).toBe(false);
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'i18n_redirected');
  expect(cookie?.value).toBe('en');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365);
  // Now that English was chosen, the German home sends this browser to the English one.
  await page.goto('/');
  await expect(page).toHaveURL('/en');
});

test('“Anmelden” opens the app’s login dialog', async ({ page }) => {
  await page.goto('/kontakt');
  expect(await isApp(page)).toBe(false);
  await page.getByRole('link', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL('/?login=true');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
  expect(await isApp(page)).toBe(true);
});

test('the static page’s header and footer link as the app’s do', async ({ page }) => {
  for (const path of ['/preis', '/en/features/workflows']) {
    await page.goto(path);
    expect(await isApp(page), path).toBe(false);
    const staticLinks = await frameLinksOf(page);
    // The app's page at the same address: the login dialog's address is always the app.
    await page.goto(`${path}?login=true`);
    await expect(page.locator('[data-area="marketing"] h1'), path).toBeVisible();
    expect(await isApp(page), path).toBe(true);
    expect(staticLinks, path).toEqual(await frameLinksOf(page));
  }
});

test('a signed-in user gets the app on the marketing pages', async ({ page }) => {
  await signUpReady(page.request, 'Margaret Hamilton');
  const { scripts } = await openRecorded(page, '/preis');
  await expect(page.locator('[data-area="marketing"] h1')).toHaveText('Preise');
  await expect(page.getByRole('link', { name: 'Zur App' })).toBeVisible();
  expect(await isApp(page)).toBe(true);
  expect(scripts.some((url) => url.includes('remoteEntry'))).toBe(true);
});

test('a feature that does not exist is a 404 the app explains, in the page’s language', async ({ page }) => {
  const response = await page.goto('/en/features/teleportation');
  expect(response?.status()).toBe(404);
  await expect(page.locator('[data-area="marketing"] h1')).toHaveText('There is no such feature');
  await expect(page.getByRole('link', { name: 'See all features' })).toHaveAttribute('href', '/en/features');
});

test('no static page sticks out sideways on a phone or a desktop', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context: BrowserContext = await browser.newContext({ baseURL: baseURL as string, locale: 'de-AT' });
  const page = await context.newPage();
  const problems: string[] = [];
  for (const path of staticPaths) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page).toHaveURL(path);
      if (await isApp(page)) problems.push(`${path} is the app, not its static page`);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      if (overflow > 0) problems.push(`${path} at ${width} px: ${overflow} px too wide`);
    }
  }
  await context.close();
  expect(problems, problems.join('\n')).toEqual([]);
});

test.describe('while the marketing area does not answer', () => {
  // A second shell of the site whose registry names a marketing origin where nothing listens.
  const shellPort = 3110;
  const marketingPort = 3111;
  let shell: Started;

  test.beforeAll(async () => {
    shell = await startShell(shellPort, {
      REMOTE_MFE_MARKETING_URL: `http://localhost:${marketingPort}/mf-manifest.json`,
    });
  });
  test.afterAll(async () => {
    await shell.stop();
  });

  test('a guest gets the app, which says so and offers to try again: never a blank page', async ({ page }) => {
    const response = await page.goto(`http://localhost:${shellPort}/kontakt`);
    expect(response?.status()).toBe(200);
    expect(await isApp(page)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Dieser Bereich ist gerade nicht erreichbar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Erneut versuchen' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
  });
});
