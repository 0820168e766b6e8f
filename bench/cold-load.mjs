// Cold loads of the three pages the page-weight issue sets targets for: the public 20-field form,
// the signed-in /en/v1/forms and the marketing home. For each, the median of five loads in a fresh
// browser context (no cache) of: JavaScript and all bytes as they came over the wire (compressed or
// not, from Chromium's own network log), requests and LCP; plain on loopback and throttled (4x CPU,
// Lighthouse's slow 4G). The figures are kept per commit under .data/bench/, and those of the last
// other commit measured are printed beside them. Then the first visit to another area from the signed-in
// forms list: the link in the navigation hovered (its area's code and the page's own preload), a second
// later clicked; from the click until the area's page heading shows (issue 13: ≤ 150 ms).
// Run against a started site (`npm start`); to measure the site another checkout started (an earlier
// commit), set SITE_DIR to that checkout.

import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { waitForMailFileLink } from '@formwerk/build-config/mail-files';
import { ports } from '@formwerk/build-config/ports';
import { chromium } from '@playwright/test';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { dataDir, repoRoot } from '../scripts/lib/paths.mjs';
import { apiClient, createPublishedForm, signUp as signUpThroughApi } from './support.mjs';

// On Node 24 like the site it measures (the same re-run as npm start and npm test).
await runOnCurrentNode();

const baseURL = process.env.BASE_URL ?? `http://localhost:${ports.shell}`;
const apiURL = process.env.API_URL ?? `http://127.0.0.1:${ports.api}`;
const siteDirectory = process.env.SITE_DIR ?? repoRoot;
const loadsPerFigure = 5;
// Lighthouse's "slow 4G" as DevTools applies it, and a CPU four times slower than this one.
const slow4g = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const cpuSlowdown = 4;

/** A real account that answered the survey; its cookies land in the context. */
async function signUp(context) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signUpResponse = await context.request.post(`${baseURL}/api/v1/auth/sign-up`, {
    data: { name: 'Bench', email, password: 'bench password 1' },
    // Honoured when the shell trusts this machine (TRUST_PROXY=loopback): each run signs up from an
    // address of its own rather than using up the sign-up limit of 127.0.0.1.
    headers: { 'X-Forwarded-For': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  if (signUpResponse.status() !== 202) throw new Error(`Sign-up answered ${signUpResponse.status()}`);
  // The link of the verification mail (kept as a file by the site's api) signs the context in.
  const link = await waitForMailFileLink(join(siteDirectory, '.data', 'mail'), { kind: 'verify-email', to: email });
  await context.request.get(`${baseURL}${link}`, { maxRedirects: 0 });
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  await context.request.post(`${baseURL}/api/v1/survey`, {
    data: { role: 'it', teamSize: '1' },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
  });
}

/** One cold load: bytes over the wire by Chromium's network log, requests, LCP. */
async function loadOnce(browser, { path, signedIn, ready, isThrottled }) {
  const context = await browser.newContext();
  try {
    if (signedIn) await signUp(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (isThrottled) {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...slow4g });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    const typeOf = new Map();
    let scriptBytes = 0;
    let totalBytes = 0;
    let requests = 0;
    cdp.on('Network.requestWillBeSent', () => {
      requests += 1;
    });
    cdp.on('Network.responseReceived', ({ requestId, type }) => typeOf.set(requestId, type));
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      totalBytes += encodedDataLength;
      if (typeOf.get(requestId) === 'Script') scriptBytes += encodedDataLength;
    });
    await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.locator(ready).first().waitFor({ timeout: 60_000 });
    const lcpMs = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? 0)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
        }),
    );
    return { scriptBytes, totalBytes, requests, lcpMs };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
const kB = (bytes) => Math.round(bytes / 1000);

async function measure(browser, page) {
  const figures = {};
  for (const isThrottled of [false, true]) {
    const loads = [];
    for (let index = 0; index < loadsPerFigure; index += 1)
      loads.push(await loadOnce(browser, { ...page, isThrottled }));
    if (!isThrottled) {
      figures['JS kB'] = kB(median(loads.map((load) => load.scriptBytes)));
      figures['all kB'] = kB(median(loads.map((load) => load.totalBytes)));
      figures.requests = median(loads.map((load) => load.requests));
      figures['LCP ms'] = Math.round(median(loads.map((load) => load.lcpMs)));
    } else {
      figures['LCP ms throttled'] = Math.round(median(loads.map((load) => load.lcpMs)));
    }
  }
  return { page: page.name, ...figures };
}

/** The figures of the last other commit measured on this machine, if any. */
function previousFigures(directory, commit) {
  const files = readdirSync(directory)
    .filter((name) => name.endsWith('.json') && name !== `${commit}.json`)
    .map((name) => ({ name, time: statSync(join(directory, name)).mtimeMs }))
    .sort((left, right) => right.time - left.time);
  return files[0] ? JSON.parse(readFileSync(join(directory, files[0].name), 'utf8')) : null;
}

const call = apiClient(apiURL);
const owner = await signUpThroughApi(call, join(siteDirectory, '.data', 'mail'));
const formId = await createPublishedForm(call, owner.session);
const pages = [
  { name: 'public 20-field form', path: `/form/${formId}`, signedIn: false, ready: 'form input' },
  { name: '/en/v1/forms', path: '/en/v1/forms', signedIn: true, ready: '[data-area] h1' },
  { name: 'marketing home /', path: '/', signedIn: false, ready: 'h1' },
];

/** Milliseconds from a click on the navigation's link `name` until the page of `area` shows its heading. */
async function visitOnce(browser, { name, area }) {
  const context = await browser.newContext();
  try {
    await signUp(context);
    const page = await context.newPage();
    await page.goto(`${baseURL}/en/v1/forms`, { waitUntil: 'networkidle' });
    await page.locator('[data-area="forms"] h1').waitFor();
    const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
    await link.hover();
    await page.waitForTimeout(1000);
    // Timed in the page: the click's own time stamp, then each frame until the heading is there.
    const shown = page.evaluate(
      (selector) =>
        new Promise((resolve) => {
          document.addEventListener(
            'click',
            (event) => {
              const check = () =>
                document.querySelector(selector)
                  ? resolve(performance.now() - event.timeStamp)
                  : requestAnimationFrame(check);
              check();
            },
            { capture: true, once: true },
          );
        }),
      `[data-area="${area}"] h1`,
    );
    await link.click();
    return await shown;
  } finally {
    await context.close();
  }
}

const visits = [
  { name: 'Approvals', area: 'approvals' },
  { name: 'Documents', area: 'documents' },
];

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
const results = [];
const visitResults = [];
try {
  for (const page of pages) results.push(await measure(browser, page));
  for (const visit of visits) {
    const times = [];
    for (let index = 0; index < loadsPerFigure; index += 1) times.push(await visitOnce(browser, visit));
    visitResults.push({ 'first visit, hovered before': `/en/v1/forms → ${visit.name}`, ms: Math.round(median(times)) });
  }
} finally {
  await browser.close();
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: siteDirectory, encoding: 'utf8' }).trim();
const directory = join(dataDir, 'bench', 'cold-load');
mkdirSync(directory, { recursive: true });
const previous = previousFigures(directory, commit);
writeFileSync(join(directory, `${commit}.json`), JSON.stringify({ commit, results, visitResults }, null, 2));

console.log(`Cold loads at ${commit}, median of ${loadsPerFigure} (throttled: ${cpuSlowdown}x CPU, slow 4G):`);
console.table(results);
console.log(`Another area's first visit at ${commit}, median of ${loadsPerFigure}:`);
console.table(visitResults);
if (previous) {
  console.log(`The same at ${previous.commit}, measured before:`);
  console.table(previous.results);
  if (previous.visitResults) console.table(previous.visitResults);
}
