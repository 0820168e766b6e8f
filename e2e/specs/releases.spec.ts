import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { examplePath, localizedRoutes } from '../support/example-paths';
import { createPublishedForm } from '../support/forms';
import { startShell } from '../support/processes';
import { backToStartUpBuild, callRegistry, releaseBuild } from '../support/releases';
import { signUpReady } from '../support/session';
import { buildPreviousCommit, buildWithContract } from '../support/skew-builds';

// This spec switches the site's live releases, which every page load of every spec reads: it runs on
// its own, after the others (playwright.config.ts), and leaves every area on its start-up build.
test.describe.configure({ mode: 'serial' });

const formsOrigin = 'http://localhost:3003';
const formsPage = '/en/v1/forms';

/** One page load of the forms area: the releases whose manifest it read, and what went wrong. */
type Load = { startedAt: number; releases: string[]; outsideReleases: string[]; errors: string[] };

async function loadFormsPage(page: Page): Promise<Load> {
  const startedAt = Date.now();
  const requested: string[] = [];
  const errors: string[] = [];
  const onRequest = (request: { url: () => string }) => {
    if (request.url().startsWith(formsOrigin)) requested.push(new URL(request.url()).pathname);
  };
  const onError = (error: Error) => errors.push(`${error.name}: ${error.message}`);
  const onConsole = (message: { type: () => string; text: () => string }) => {
    if (message.type() === 'error' && /ChunkLoadError|Loading (CSS )?chunk/i.test(message.text())) {
      errors.push(message.text());
    }
  };
  page.on('request', onRequest);
  page.on('pageerror', onError);
  page.on('console', onConsole);
  try {
    await page.goto(formsPage);
    await expect(page.locator('[data-area="forms"] h1')).toHaveText('Forms');
  } finally {
    page.off('request', onRequest);
    page.off('pageerror', onError);
    page.off('console', onConsole);
  }
  // The area's files are the releases' shared files (releases/files/), named by content: a release is
  // told by its manifest, and nothing of the area may come from outside the releases.
  const releases = requested.flatMap((path) => /^\/releases\/([^/]+)\/mf-manifest\.json$/.exec(path)?.[1] ?? []);
  return {
    startedAt,
    releases: [...new Set(releases.map(decodeURIComponent))],
    outsideReleases: requested.filter((path) => !path.startsWith('/releases/')),
    errors,
  };
}

const releaseA = '1.0.0+e2e.a';
const releaseB = '1.0.0+e2e.b';

test.afterEach(async () => {
  for (const area of ['forms', 'approvals', 'documents']) await backToStartUpBuild(area);
});

test('promote and rollback under traffic: every load gets one whole release, the switch within 5 s', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpReady(page.request);
  await releaseBuild('forms', releaseA);
  await releaseBuild('forms', releaseB);
  expect((await callRegistry('POST', '/releases/forms/promote', { id: releaseA })).status).toBe(200);
  // The shell reads the registry at most once a second.
  await page.waitForTimeout(1_100);

  const loads: Load[] = [];
  let promotedAt = 0;
  let rolledBackAt = 0;
  // Bounded: at most 80 loads, each a few hundred milliseconds on loopback.
  while (loads.length < 80) {
    const now = Date.now();
    if (loads.length === 3) {
      expect((await callRegistry('POST', '/releases/forms/promote', { id: releaseB })).status).toBe(200);
      promotedAt = Date.now();
    } else if (promotedAt && !rolledBackAt && now - promotedAt > 6_000) {
      const rolledBack = await callRegistry('POST', '/releases/forms/rollback');
      expect(rolledBack.status).toBe(200);
      expect(rolledBack.body.live).toMatchObject({ id: releaseA });
      rolledBackAt = Date.now();
    } else if (rolledBackAt && now - rolledBackAt > 6_000) {
      break;
    }
    loads.push(await loadFormsPage(page));
  }

  for (const load of loads) {
    expect(load.errors).toEqual([]);
    // The whole area from one release: its manifest, entry and every chunk.
    expect(load.releases).toHaveLength(1);
    expect(load.outsideReleases).toEqual([]);
  }
  const runs = (from: number, to: number) =>
    loads.filter((load) => load.startedAt >= from && load.startedAt < to).map((load) => load.releases[0]);
  expect(runs(0, promotedAt)).toEqual(runs(0, promotedAt).map(() => releaseA));
  const afterPromote = runs(promotedAt + 5_000, rolledBackAt);
  expect(afterPromote.length).toBeGreaterThan(0);
  expect(afterPromote).toEqual(afterPromote.map(() => releaseB));
  const afterRollback = runs(rolledBackAt + 5_000, Number.POSITIVE_INFINITY);
  expect(afterRollback.length).toBeGreaterThan(0);
  expect(afterRollback).toEqual(afterRollback.map(() => releaseA));
});

test('an open tab learns of a promote and loads the new release with its next navigation', async ({ page }) => {
  await signUpReady(page.request);
  await releaseBuild('forms', releaseA);
  await releaseBuild('forms', releaseB);
  expect((await callRegistry('POST', '/releases/forms/promote', { id: releaseA })).status).toBe(200);
  await page.waitForTimeout(1_100);
  const first = await loadFormsPage(page);
  expect(first.releases).toEqual([releaseA]);
  await page.evaluate(() => {
    (window as unknown as { marker: boolean }).marker = true;
  });

  expect((await callRegistry('POST', '/releases/forms/promote', { id: releaseB })).status).toBe(200);
  // The tab polls every second (BUILD_CHECK_INTERVAL_MS of the run) and sees the registry changed.
  await page.waitForTimeout(2_500);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(page.locator('[data-area="approvals"] h1')).toBeVisible();
  // A full page load, not the old page carrying on, and with the new release of forms registered.
  expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
  const registered = await page.locator('meta[name="remote-registry"]').getAttribute('content');
  expect(JSON.parse(registered ?? '{}').mfe_forms).toContain(`/releases/${encodeURIComponent(releaseB)}/`);
});

test('two areas promoted at the same moment both end up live', async () => {
  await releaseBuild('approvals', releaseA);
  await releaseBuild('documents', releaseA);
  const [approvals, documents] = await Promise.all([
    callRegistry('POST', '/releases/approvals/promote', { id: releaseA }),
    callRegistry('POST', '/releases/documents/promote', { id: releaseA }),
  ]);
  expect([approvals.status, documents.status]).toEqual([200, 200]);
  const live = await callRegistry('GET', '/registry');
  expect(live.body.areas).toMatchObject({
    approvals: { live: { id: releaseA } },
    documents: { live: { id: releaseA } },
  });
});

test('bad input is refused with a clear message and changes nothing', async () => {
  const before = (await callRegistry('GET', '/registry')).body;
  const unknown = await callRegistry('POST', '/releases/forms/promote', { id: '9.9.9+nowhere' });
  expect(unknown.status).toBe(404);
  expect(unknown.body.error?.code).toBe('RELEASE_NOT_FOUND');

  const missingManifest = await callRegistry('POST', '/releases', {
    area: 'forms',
    id: '1.0.0+e2e.missing',
    manifestUrl: `${formsOrigin}/releases/1.0.0%2Be2e.missing/mf-manifest.json`,
  });
  expect(missingManifest.status).toBe(422);
  expect(missingManifest.body.error?.code).toBe('RELEASE_MANIFEST_UNAVAILABLE');

  const formsManifest = await releaseBuild('forms', releaseA);
  const otherArea = await callRegistry('POST', '/releases', {
    area: 'approvals',
    id: releaseB,
    manifestUrl: formsManifest,
  });
  expect(otherArea.status).toBe(422);
  expect(otherArea.body.error?.code).toBe('RELEASE_AREA_MISMATCH');

  expect((await callRegistry('GET', '/registry')).body).toEqual(before);
});

test('a release built against another major of the platform contract is refused, and a shell shows its fallback', async ({
  page,
}) => {
  const id = '1.0.0+e2e.next-major';
  const manifestUrl = await releaseBuild('forms', id, { contractVersion: '2.0.0', isClaimed: true });
  const before = (await callRegistry('GET', '/registry')).body;
  const refused = await callRegistry('POST', '/releases/forms/promote', { id });
  expect(refused.status).toBe(409);
  expect(refused.body.error?.code).toBe('RELEASE_CONTRACT_INCOMPATIBLE');
  expect((await callRegistry('GET', '/registry')).body).toEqual(before);

  // A shell pointed at it by its start-up variable (forms has no live release) mounts nothing of it.
  const shell = await startShell(3100, { REMOTE_MFE_FORMS_URL: manifestUrl });
  try {
    await signUpReady(page.request);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('http://localhost:3100/en/v1/forms');
    // Not "unavailable, try again": the same code cannot fit, a fresh page brings what does.
    await expect(page.getByRole('heading', { name: 'This area has been updated' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Approvals' }).click();
    await expect(page.locator('[data-area="approvals"] h1')).toBeVisible();
    expect(errors).toEqual([]);
  } finally {
    // The page's open connections would keep the shell from closing.
    await page.close();
    await shell.stop();
  }
});

test("one area's change against the live releases of the others: a shell hosting that area alone", async ({ page }) => {
  await releaseBuild('approvals', releaseA);
  expect((await callRegistry('POST', '/releases/approvals/promote', { id: releaseA })).status).toBe(200);
  // The forms area as its team built it (here: the site's own build), the others as the site runs them.
  const shell = await startShell(3100, { SHELL_ONLY_AREA: 'forms', SHELL_OTHER_AREAS: 'live' });
  try {
    await signUpReady(page.request);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto('http://localhost:3100/en/v1/forms');
    await expect(page.locator('[data-area="forms"] h1')).toHaveText('Forms');
    expect(requested).toContain(`${formsOrigin}/mf-manifest.json`);

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Approvals' }).click();
    await expect(page.locator('[data-area="approvals"] h1')).toBeVisible();
    expect(requested).toContain(`http://localhost:3004/releases/${encodeURIComponent(releaseA)}/mf-manifest.json`);

    // No live release of documents: not hosted here, its fallback card.
    await page.goto('http://localhost:3100/en/v1/documents');
    await expect(page.getByRole('heading', { name: 'This area is unavailable right now' })).toBeVisible();
  } finally {
    await page.close();
    await shell.stop();
  }
});

/** Every page of the forms area, with a real form, at `origin`: each shows its heading, nothing breaks. */
async function walkFormsArea(page: Page, origin: string): Promise<void> {
  const formId = await createPublishedForm(page.request, {
    title: 'Anmeldung',
    pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }] }],
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  // Not the public form page: the shell's server renders it, from the live release's template.
  const routes = localizedRoutes.filter(
    (route) => route.area === 'forms' && route.locale === 'en' && route.baseName !== 'form-id',
  );
  expect(routes.length).toBeGreaterThan(5);
  for (const route of routes) {
    const path = examplePath(route, { id: formId });
    await page.goto(`${origin}${path}`);
    await expect(page.locator('[data-area="forms"] h1').first(), path).toBeVisible();
    await expect(page.locator('[data-route-name]'), path).toHaveAttribute('data-route-name', route.localizedName);
  }
  expect(errors).toEqual([]);
}

/** A clone without history (a shallow one) has no previous commit to build: said in the report, not hidden. */
function noteWithoutPreviousCommit(previous: unknown): void {
  if (previous) return;
  test.info().annotations.push({ type: 'not run', description: 'the clone has no previous commit to build' });
  console.warn('version skew: the clone has no previous commit, only the newer contract was tried');
}

const [major = 1, minor = 0] = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'packages', 'platform', 'package.json'), 'utf8'),
)
  .version.split('.')
  .map(Number);
const nextMinor = `${major}.${minor + 1}.0`;

test('version skew: the shell runs a forms release of the previous commit and one built against a newer minor contract', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(600_000);
  const previous = buildPreviousCommit(['mfe-forms']);
  const withNextMinor = buildWithContract(nextMinor, ['mfe-forms'])['mfe-forms'] ?? '';
  await signUpReady(page.request, 'Ada Lovelace', 'en');
  const releases = [{ id: '1.0.0+e2e.next-minor', distDirectory: withNextMinor, contractVersion: nextMinor }];
  if (previous) {
    releases.push({
      id: `1.0.0+${previous.commit}`,
      distDirectory: previous.dist['mfe-forms'] ?? '',
      contractVersion: previous.contractVersion,
    });
  }
  for (const release of releases) {
    await releaseBuild('forms', release.id, release);
    expect((await callRegistry('POST', '/releases/forms/promote', { id: release.id })).status).toBe(200);
    await page.waitForTimeout(1_100);
    const load = await loadFormsPage(page);
    expect(load.releases).toEqual([release.id]);
    await walkFormsArea(page, baseURL ?? '');
  }
  noteWithoutPreviousCommit(previous);
});

test("version skew, the reverse: a shell built against a newer minor contract, and the previous commit's shell, run today's forms", async ({
  page,
}) => {
  test.setTimeout(600_000);
  const shells = [buildWithContract(nextMinor, ['shell']).shell ?? ''];
  const previous = buildPreviousCommit(['shell']);
  if (previous) shells.push(previous.dist.shell ?? '');
  await signUpReady(page.request, 'Ada Lovelace', 'en');
  for (const distDirectory of shells) {
    const shell = await startShell(3100, { SHELL_DIST_DIR: distDirectory });
    try {
      await walkFormsArea(page, 'http://localhost:3100');
    } finally {
      await page.goto('about:blank');
      await shell.stop();
    }
  }
  noteWithoutPreviousCommit(previous);
});
