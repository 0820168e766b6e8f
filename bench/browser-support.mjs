// What the browser benchmarks (builder.mjs, workflow-editor.mjs) share: a signed-in account of the
// started site, and the Event Timing durations of the interactions a function performs.

import { join } from 'node:path';
import { chromiumArgs, chromiumPath } from '@formwerk/build-config/chromium';
import { waitForMailFileLink } from '@formwerk/build-config/mail-files';
import { ports } from '@formwerk/build-config/ports';
import { dataDir } from '../scripts/lib/paths.mjs';

export const baseURL = process.env.BASE_URL ?? `http://localhost:${ports.shell}`;

/** A signed-in browser session of a new account that answered the survey, as storage state. */
export async function signUpInBrowser(browser) {
  const context = await browser.newContext();
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const signedUp = await context.request.post(`${baseURL}/api/v1/auth/sign-up`, {
    data: { name: 'Bench', email, password: 'bench password 1' },
  });
  if (signedUp.status() !== 202) throw new Error(`Sign-up answered ${signedUp.status()}`);
  const link = await waitForMailFileLink(join(dataDir, 'mail'), { kind: 'verify-email', to: email });
  await context.request.get(`${baseURL}${link}`, { maxRedirects: 0 });
  await context.request.post(`${baseURL}/api/v1/survey`, {
    data: { role: 'it', teamSize: '1' },
    headers: await csrfHeader(context),
  });
  const state = await context.storageState();
  return { context, state };
}

export async function csrfHeader(context) {
  const csrf = (await context.cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? '';
  return { 'X-CSRF-Token': decodeURIComponent(csrf) };
}

/** The slowest Event Timing entry of each interaction the function performs, in ms. */
export async function slowestOf(page, perform) {
  await page.evaluate(() => {
    window.__interactions = new Map();
    window.__observer?.disconnect();
    window.__observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.interactionId) continue;
        const known = window.__interactions.get(entry.interactionId) ?? 0;
        window.__interactions.set(entry.interactionId, Math.max(known, entry.duration));
      }
    });
    window.__observer.observe({ type: 'event', durationThreshold: 16, buffered: false });
  });
  await perform();
  // Entries arrive after the next paint.
  await page.waitForTimeout(500);
  return page.evaluate(() => Math.max(0, ...window.__interactions.values()));
}

/** The middle of the values (the upper middle of an even count). */
const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];

/**
 * For each size: `create(context, size)` makes the document (a form, a workflow) in a new account,
 * `runOnce(browser, state, id)` opens it and answers the slowest ms of each interaction `kinds` names,
 * `runs` times. Prints a table titled `title` of the medians per size (`unit` names the size column)
 * and the slowest of them, with Chromium started and closed around it.
 */
export async function measureInteractions(chromium, { title, unit, sizes, kinds, runs = 3, create, runOnce }) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  const rows = [];
  try {
    const account = await signUpInBrowser(browser);
    for (const size of sizes) {
      const id = await create(account.context, size);
      const results = [];
      for (let run = 0; run < runs; run += 1) results.push(await runOnce(browser, account.state, id));
      const row = { [unit]: size };
      for (const kind of kinds) row[`${kind} ms`] = Math.round(median(results.map((result) => result[kind])));
      row['slowest ms'] = Math.max(...kinds.map((kind) => row[`${kind} ms`]));
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  console.log(`${title} (Event Timing, median of ${runs} runs):`);
  console.table(rows);
}
