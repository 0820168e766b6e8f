// Prints gzip JavaScript bytes and request counts of cold page loads, and the share of the
// federation runtime. Run against a started site (`npm start`), e.g. `npm run bench`.

import { gzipSync } from 'node:zlib';
import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { chromium } from '@playwright/test';

const baseURL = process.env.BASE_URL ?? 'http://localhost:3000';
const me = { id: 'bench', name: 'Bench', email: 'bench@example.com', survey: false, ownedTeamIds: [1] };

async function measure(browser, path, { signedIn }) {
  const context = await browser.newContext();
  if (signedIn) {
    await context.addCookies([
      { name: 'me', value: encodeURIComponent(JSON.stringify(me)), url: baseURL },
      { name: 'team', value: '1', url: baseURL },
    ]);
  }
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
