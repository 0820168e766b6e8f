import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { repoRoot, type Started, startRemote, startShell, startSilentServer } from '../support/processes';
import { answerSurvey, signUp, signUpReady } from '../support/session';

const remoteOrigins = [3001, 3002, 3003, 3004, 3005].map((port) => `http://localhost:${port}`);

type Manifest = { shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[] };
const manifestOf = (directory: string): Manifest =>
  JSON.parse(readFileSync(join(repoRoot, directory, 'dist', 'mf-manifest.json'), 'utf8'));
/** The files of a shared package (and its subpaths) in a build, as URLs on the origin that serves them. */
const sharedFilesOf = (manifest: Manifest, origin: string, name: string) =>
  manifest.shared
    .filter((shared) => shared.name === name || shared.name.startsWith(`${name}/`))
    .flatMap((shared) => [...shared.assets.js.sync, ...shared.assets.js.async])
    .map((file) => `${origin}/${file}`);

test('React, react-dom and the router are downloaded once per visit, from the shell, while every area is visited', async ({
  page,
  baseURL,
}) => {
  await signUp(page.request);
  await answerSurvey(page.request);
  const downloads = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      const url = response.url().split('?')[0] ?? '';
      downloads.set(url, (downloads.get(url) ?? 0) + 1);
    }
  });
  // One visit: the first page loaded, every other area reached by the app's own navigation.
  await page.goto('/v1/profile');
  await expect(page.locator('[data-area="account"] h1')).toBeVisible();
  for (const [path, area] of [
    ['/v1/forms', 'forms'],
    ['/v1/approve', 'approvals'],
    ['/v1/documents', 'documents'],
    ['/kontakt', 'marketing'],
  ]) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.locator(`[data-area="${area}"] h1`)).toBeVisible();
  }
  const shell = manifestOf('shell');
  const remotes = ['marketing', 'account', 'forms', 'approvals', 'documents'].map((area, index) => ({
    origin: remoteOrigins[index] ?? '',
    manifest: manifestOf(`mfe-${area}`),
  }));
  for (const name of ['react', 'react-dom', 'react-router']) {
    const shellFiles = sharedFilesOf(shell, baseURL ?? '', name);
    const loaded = shellFiles.filter((url) => downloads.has(url));
    // The visit loads it from the shell's copy, once.
    expect(loaded.length, name).toBeGreaterThan(0);
    for (const url of loaded) expect(downloads.get(url), url).toBe(1);
    // Every area brings its own copy for a shell that has none: not one of them is ever fetched.
    const fallbacks = remotes.flatMap(({ origin, manifest }) => sharedFilesOf(manifest, origin, name));
    expect(fallbacks.length, name).toBeGreaterThan(0);
    expect(
      fallbacks.filter((url) => downloads.has(url)),
      name,
    ).toEqual([]);
  }
});

test("the session store and i18n instance inside a remote are the shell's", async ({ page }) => {
  await signUpReady(page.request, 'Grace Hopper');
  await page.goto('/en/pricing');
  // The shell's header shows "Open the app" for a signed-in user.
  await expect(page.getByRole('link', { name: 'Open the app' })).toBeVisible();
  await page.goto('/en/test');
  await expect(page.getByTestId('diagnostics-user')).toHaveText('Grace Hopper');
  await expect(page.getByTestId('diagnostics-language')).toHaveText('en');
  await expect(page.getByTestId('diagnostics-shared-i18n')).toHaveText('yes');
  // A message of the shell's own namespace, loaded only by the shell, seen through the remote.
  await expect(page.getByTestId('diagnostics-common')).toHaveText('Pricing');
  // The remote clears the store: the shell's header reacts at once, without a navigation.
  await page.getByRole('button', { name: 'Forget the session in this browser' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByTestId('diagnostics-user')).toHaveText('Nobody signed in');
});

/**
 * Answers the shell's polls of `url` with `json` from now on, and returns once the shell got it. (Waiting
 * for the next request instead misses one made between installing the route and starting to wait, and
 * the shell stops polling once it has seen the change.)
 */
async function servedOnce(page: Page, url: string, json: unknown): Promise<void> {
  let served: () => void = () => undefined;
  const isServed = new Promise<void>((resolve) => {
    served = resolve;
  });
  await page.route(url, async (route) => {
    await route.fulfill({ json });
    served();
  });
  await isServed;
}

test('a new shell build makes the next navigation a full page load', async ({ page }) => {
  // A page of the app: a guest's marketing page is static HTML, where every link is a full page load.
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Passwort vergessen');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  // A client-side navigation before any new build keeps the page.
  await page.getByRole('link', { name: 'Preise' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preise');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);

  // Deploy a new build: latest.json now names another id (the e2e shell polls every second).
  await servedOnce(page, '**/builds/latest.json*', { id: 'a-newer-build' });
  await page.waitForTimeout(300);
  await page.getByRole('link', { name: 'Funktionen' }).first().click();
  await expect(page).toHaveURL('/funktionen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Funktionen');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
});

test('a changed registry makes the next navigation a full page load', async ({ page }) => {
  await page.goto('/en/forgot-password');
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });
  const registry = await (await page.request.get('/registry.json')).json();
  // A remote rolled out a new version under a new manifest URL.
  registry.remotes.mfe_marketing = `${registry.remotes.mfe_marketing}?v=2`;
  await servedOnce(page, '**/registry.json', registry);
  await page.waitForTimeout(300);
  await page.getByRole('link', { name: 'Pricing' }).first().click();
  await expect(page).toHaveURL('/en/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing');
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
});

test('hovering or focusing a link fetches its area before the click', async ({ page }) => {
  await signUpReady(page.request);
  await page.goto('/v1/forms');
  await expect(page.locator('[data-area="forms"] h1')).toBeVisible();
  const navigation = page.getByRole('navigation', { name: 'Hauptnavigation' });

  const documentsLoaded = page.waitForRequest((request) => request.url().startsWith('http://localhost:3005/'));
  await navigation.getByRole('link', { name: 'Dokumente' }).hover();
  await documentsLoaded;

  const approvalsLoaded = page.waitForRequest((request) => request.url().startsWith('http://localhost:3004/'));
  await navigation.getByRole('link', { name: 'Freigaben' }).focus();
  await approvalsLoaded;
  await expect(page).toHaveURL('/v1/forms');
});

test.describe('a remote that is down fails only its own area', () => {
  test.describe.configure({ mode: 'serial' });
  const shellPort = 3100;
  const formsPort = 3103;
  let shell: Started;

  test.beforeAll(async () => {
    shell = await startShell(shellPort, { REMOTE_MFE_FORMS_URL: `http://localhost:${formsPort}/mf-manifest.json` });
  });
  test.afterAll(async () => {
    await shell.stop();
  });

  test('shows a localized fallback with retry, keeps other areas working, and recovers', async ({ page }) => {
    const baseURL = `http://localhost:${shellPort}`;
    await signUpReady(page.request);
    await page.goto(`${baseURL}/v1/forms`);
    await expect(page.getByRole('heading', { name: 'Dieser Bereich ist gerade nicht erreichbar' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Freigaben' }),
    ).toBeVisible();

    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Freigaben' }).click();
    await expect(page.locator('[data-area="approvals"] h1')).toHaveText('Freigaben');

    await page.goto(`${baseURL}/en/v1/forms`);
    await expect(page.getByRole('heading', { name: 'This area is unavailable right now' })).toBeVisible();

    const forms = await startRemote('forms', formsPort);
    try {
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.locator('[data-area="forms"] h1')).toHaveText('Forms');
    } finally {
      await forms.stop();
    }
  });

  test('a remote that accepts connections but never answers counts as down after 5 s', async ({ page }) => {
    const baseURL = `http://localhost:${shellPort}`;
    const silent = await startSilentServer(formsPort);
    try {
      await signUpReady(page.request);
      await page.goto(`${baseURL}/en/v1/forms`);
      await expect(page.getByRole('heading', { name: 'This area is unavailable right now' })).toBeVisible({
        timeout: 15_000,
      });
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Documents' }).click();
      await expect(page.locator('[data-area="documents"] h1')).toHaveText('Documents');
    } finally {
      await silent.stop();
    }
  });
});

test('navigation icons come with the page: no empty box while they load, no icon request', async ({ page }) => {
  await signUpReady(page.request);
  const iconRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/_icons/')) iconRequests.push(request.url());
  });
  // An icon still loading used to be an empty span.ui-icon; count every one added from the first paint on.
  await page.addInitScript(() => {
    const counted = window as Window & { placeholderIcons?: number };
    counted.placeholderIcons = 0;
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes])) {
        if (!(node instanceof Element)) continue;
        const placeholders = node.matches('span.ui-icon') ? 1 : node.querySelectorAll('span.ui-icon').length;
        counted.placeholderIcons = (counted.placeholderIcons ?? 0) + placeholders;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/en/v1/documents');
  // The header's; the documents area has its own sections and folders as navigations too.
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Documents' })).toBeVisible();
  // Counted once, not retried: the icons are drawn in the same render as their links.
  expect(await navigation.locator('svg.ui-icon').count()).toBe(5);
  await expect(page.locator('[data-area="documents"] h1')).toBeVisible();
  expect(await page.evaluate(() => (window as Window & { placeholderIcons?: number }).placeholderIcons)).toBe(0);
  expect(iconRequests).toEqual([]);
});
