import { type Browser, expect, test } from '@playwright/test';
import { createPublishedForm } from '../support/forms';
import { signUpReady } from '../support/session';

// Page-weight budgets (issue 13): the JavaScript a cold load of each page brings over the wire, as
// Chromium's network log counts it (compressed as served, headers included), must stay within its
// budget. Sizes, not times: the same build loads the same files, so this fails when a change makes a
// page heavier, never because the machine was busy. Each page is held to the goal: the public
// form, the marketing home (a guest's home is the marketing area's static page, whose one script is
// about 1 kB: docs/decisions/024-static-marketing-pages.md) and the signed-in forms list (246 kB by
// bench/cold-load.mjs on 56b3892, with each area's texts in the page's language only: decision 034).
const budgetsKb = { publicForm: 100, signedInForms: 250, marketingHome: 150 };

/** The kilobytes of JavaScript a cold load of `path` brings, in a browser context without cache. */
async function scriptKbOf(browser: Browser, baseURL: string | undefined, path: string, ready: string) {
  const context = await browser.newContext({ baseURL, locale: 'de-AT' });
  return measure(context, path, ready);
}

async function measure(
  context: Awaited<ReturnType<Browser['newContext']>>,
  path: string,
  ready: string,
): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const typeOf = new Map<string, string>();
  let scriptBytes = 0;
  cdp.on('Network.responseReceived', ({ requestId, type }) => typeOf.set(requestId, type));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    if (typeOf.get(requestId) === 'Script') scriptBytes += encodedDataLength;
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await expect(page.locator(ready).first()).toBeVisible();
  await context.close();
  return Math.round(scriptBytes / 1000);
}

test('the public form, the signed-in forms list and the marketing home stay within their JavaScript budgets', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const authorContext = await browser.newContext({ baseURL, locale: 'de-AT' });
  await signUpReady(authorContext.request, 'Paula Page');
  const fields = Array.from({ length: 20 }, (_unused, index) => ({
    id: `f${index}`,
    type: ['shortText', 'email', 'number', 'longText', 'date'][index % 5],
    label: `Frage ${index + 1}`,
    required: index < 3,
  }));
  const formId = await createPublishedForm(authorContext.request, {
    title: 'Zwanzig Fragen',
    language: 'de',
    pages: [{ id: 'p1', fields }],
  });

  const measured = {
    publicForm: await scriptKbOf(browser, baseURL, `/form/${formId}`, 'form input'),
    // The author's own session: the list as a signed-in member first sees it.
    signedInForms: await measure(authorContext, '/en/v1/forms', '[data-area] h1'),
    marketingHome: await scriptKbOf(browser, baseURL, '/', 'h1'),
  };
  console.log(`JavaScript kB on the wire: ${JSON.stringify(measured)}, budgets ${JSON.stringify(budgetsKb)}`);
  for (const [page, kb] of Object.entries(measured)) {
    expect(
      kb,
      `${page}: ${kb} kB of JavaScript, budget ${budgetsKb[page as keyof typeof budgetsKb]} kB`,
    ).toBeLessThanOrEqual(budgetsKb[page as keyof typeof budgetsKb]);
  }
});
