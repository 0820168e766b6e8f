// Releases of an area (issue 19, docs/decisions/035), against a started site (`npm start`), as its own
// deploy token (.data/release-token):
// 1. From `promote` until the first page load that runs the new release: the forms area is built as it
//    is (release A) and with one English text changed (release B, a real second build); a returning
//    visitor's browser (one context, its cache warm with A) loads /en/v1/forms again and again while B
//    is promoted. Printed: the time from promote's answer to the start and to the end of the first
//    load that read B's manifest, and the bytes that load fetched over the network, by origin.
// 2. What a returning visitor downloads after one area's release, and after a shell release (a text
//    of the shell changed), from the builds: the content-hashed files of the new build that the old
//    one did not have, as they go over the wire (Brotli), beside the whole build's.
// The site is left as it was found: forms back on its start-up build, the sources and builds restored.

import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { chromium } from '@playwright/test';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { runPnpm } from '../scripts/lib/pnpm.mjs';
import { buildArea, createRegistryClient, keepAreaRelease } from '../scripts/lib/releases.mjs';
import { baseURL, signUpInBrowser } from './browser-support.mjs';

await runOnCurrentNode();

const registry = createRegistryClient();
const formsPage = `${baseURL}/en/v1/forms`;
const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Builds `build` with `file`'s text `from` replaced by `to`, keeps what `keep` makes of the build, restores. */
function withChangedText(file, from, to, build, keep) {
  const original = readFileSync(file, 'utf8');
  if (!original.includes(from)) throw new Error(`${file} no longer has ${from}`);
  writeFileSync(file, original.replace(from, to));
  try {
    build();
    return keep();
  } finally {
    writeFileSync(file, original);
  }
}

/** name → Brotli size (the plain size where the build kept no Brotli copy) of a build's hashed files. */
function hashedFilesOf(directory) {
  const sizes = new Map();
  for (const entry of readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name) || !/\.[0-9a-f]{10}\.(js|css)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    sizes.set(entry.name, statSync(existsSync(`${path}.br`) ? `${path}.br` : path).size);
  }
  return sizes;
}

function printDifference(title, before, after, alsoNew = []) {
  const changed = [...after].filter(([name]) => !before.has(name));
  const whole = [...after.values()].reduce((sum, size) => sum + size, 0);
  const fetched = changed.reduce((sum, [, size]) => sum + size, 0) + alsoNew.reduce((sum, [, size]) => sum + size, 0);
  console.log(`\n${title}`);
  console.log(
    `  new files: ${changed.length + alsoNew.length} of ${after.size + alsoNew.length}, ${kB(fetched)} of ${kB(whole)} (Brotli)`,
  );
  for (const [name, size] of [...changed, ...alsoNew].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`    ${name.padEnd(48)} ${kB(size)}`);
  }
}

/** One load of the forms list in `page`: the release whose manifest it read, bytes fetched by origin. */
async function loadFormsList(page, cdp) {
  const fetched = new Map();
  const urls = new Map();
  const fromCache = new Set();
  const onRequest = ({ requestId, request }) => urls.set(requestId, request.url);
  const onCached = ({ requestId }) => fromCache.add(requestId);
  const onFinished = ({ requestId, encodedDataLength }) => {
    const url = urls.get(requestId);
    if (!url || fromCache.has(requestId) || encodedDataLength === 0) return;
    const { origin } = new URL(url);
    fetched.set(origin, (fetched.get(origin) ?? 0) + encodedDataLength);
  };
  cdp.on('Network.requestWillBeSent', onRequest);
  cdp.on('Network.requestServedFromCache', onCached);
  cdp.on('Network.loadingFinished', onFinished);
  const startedAt = Date.now();
  try {
    await page.goto(formsPage);
    await page.locator('[data-area="forms"] h1').waitFor();
  } finally {
    cdp.off('Network.requestWillBeSent', onRequest);
    cdp.off('Network.requestServedFromCache', onCached);
    cdp.off('Network.loadingFinished', onFinished);
  }
  const manifest = [...urls.values()].find((url) => /\/releases\/[^/]+\/mf-manifest\.json$/.test(url));
  const release = manifest ? decodeURIComponent(/\/releases\/([^/]+)\//.exec(manifest)?.[1] ?? '') : 'start-up build';
  return { startedAt, endedAt: Date.now(), release, fetched };
}

const formsDist = join(repoRoot, 'mfe-forms', 'dist');
const formsTexts = join(repoRoot, 'mfe-forms', 'src', 'locales', 'en', 'forms.json');
const shellTexts = join(repoRoot, 'shell', 'src', 'locales', 'en', 'common.json');

console.log('Building the forms area as it is (release A) and with one text changed (release B) …');
buildArea('forms');
const formsBefore = hashedFilesOf(formsDist);
const releaseA = keepAreaRelease('forms');
const releaseB = withChangedText(
  formsTexts,
  '"Create your first form"',
  '"Create your very first form"',
  () => buildArea('forms'),
  () => ({ ...keepAreaRelease('forms'), files: hashedFilesOf(formsDist) }),
);
buildArea('forms');
for (const release of [releaseA, releaseB]) {
  await registry.register({ area: 'forms', id: release.id, manifestUrl: release.manifestUrl });
}
console.log(`  A: ${releaseA.id}\n  B: ${releaseB.id}`);

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
try {
  await registry.promote('forms', releaseA.id);
  const { context } = await signUpInBrowser(browser);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  // The returning visitor: A's files in the browser's cache (the shell reads the registry ≤ 1 s old).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  for (let load = 0; load < 2; load += 1) await loadFormsList(page, cdp);

  const promoted = await registry.promote('forms', releaseB.id);
  const promotedAt = Date.now();
  if (promoted.live?.id !== releaseB.id) throw new Error(`Promote answered ${JSON.stringify(promoted.live)}`);
  let first;
  for (let load = 0; load < 40 && !first; load += 1) {
    const result = await loadFormsList(page, cdp);
    if (result.release === releaseB.id) first = result;
  }
  if (!first) throw new Error('No page load ran release B within 40 loads');
  console.log('\nFrom promote to the first page load that runs the new release (returning visitor, loopback)');
  console.log(
    `  load started ${first.startedAt - promotedAt} ms after promote answered, done ${first.endedAt - promotedAt} ms after`,
  );
  console.log('  fetched over the network by that load:');
  for (const [origin, bytes] of first.fetched) console.log(`    ${origin.padEnd(24)} ${kB(bytes)}`);
} finally {
  await browser.close();
  // Back to the build the site started with.
  for (;;) {
    try {
      await registry.rollback('forms');
    } catch {
      break;
    }
  }
}
printDifference(
  'A returning visitor after a release of the forms area (its hashed files, from the builds)',
  formsBefore,
  releaseB.files,
);

console.log('\nBuilding the shell with one text changed …');
const shellDist = join(repoRoot, 'shell', 'dist');
const shellBefore = hashedFilesOf(shellDist);
const startupOf = (directory) => JSON.parse(readFileSync(join(directory, 'startup-assets.json'), 'utf8'));
const shellAfter = withChangedText(
  shellTexts,
  '"retry": "Try again"',
  '"retry": "Try once more"',
  () => runPnpm(['--filter', 'shell', 'build']),
  () => {
    const copy = mkdtempSync(join(tmpdir(), 'shell-build-'));
    cpSync(shellDist, copy, { recursive: true });
    return { files: hashedFilesOf(copy), startup: startupOf(copy), indexSize: statSync(join(copy, 'index.html')).size };
  },
);
runPnpm(['--filter', 'shell', 'build']);
printDifference(
  'A returning visitor after a shell release (its hashed files, from the builds)',
  shellBefore,
  shellAfter.files,
  [['index.html (the page, never cached)', shellAfter.indexSize]],
);
const startupFiles = [...shellAfter.startup.scripts, ...shellAfter.startup.styles].map((path) => path.split('/').pop());
const startupNew = startupFiles.filter((name) => !shellBefore.has(name));
console.log(`  of them loaded by every page: ${startupNew.join(', ') || 'none'}`);
