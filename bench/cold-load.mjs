// Prints gzip JavaScript bytes and request counts of cold page loads, and the share of the
// federation runtime. Run against a started site (`npm start`), e.g. `npm run bench`.

import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { waitForMailFileLink } from '@formwerk/build-config/mail-files';
import { chromium } from '@playwright/test';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { dataDir } from '../scripts/lib/paths.mjs';

// On Node 24 like the site it measures (the same re-run as npm start and npm test).
await runOnCurrentNode();

const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';

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
  const link = await waitForMailFileLink(join(dataDir, 'mail'), { kind: 'verify-email', to: email });
  await context.request.get(`${baseURL}${link}`, { maxRedirects: 0 });
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  await context.request.post(`${baseURL}/api/v1/survey`, {
    data: { role: 'it', teamSize: '1' },
    headers: { 'X-CSRF-Token': decodeURIComponent(csrf) },
  });
}

async function measure(browser, path, { signedIn }) {
  const context = await browser.newContext();
  if (signedIn) await signUp(context);
  const page = await context.newPage();
  const scripts = [];
  let requests = 0;
  page.on('request', () => {
    requests += 1;
  });
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push(await response.body());
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
  await page.locator('[data-area] h1').waitFor();
  await context.close();
  const gzip = scripts.map((body) => ({ bytes: gzipSync(body).length, isRuntime: body.includes('__FEDERATION__') }));
  return {
    path,
    requests,
    scripts: scripts.length,
    jsGzipBytes: gzip.reduce((sum, script) => sum + script.bytes, 0),
    federationRuntimeFilesGzipBytes: gzip.filter((script) => script.isRuntime).reduce((sum, s) => sum + s.bytes, 0),
  };
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
try {
  const results = [
    await measure(browser, '/', { signedIn: false }),
    await measure(browser, '/en/v1/forms', { signedIn: true }),
  ];
  console.table(results);
  console.log('federationRuntimeFilesGzipBytes: gzip bytes of the script files that carry the federation runtime');
  console.log('(the shell main chunk and each remoteEntry.js; they also hold a little bootstrap code).');
} finally {
  await browser.close();
}
