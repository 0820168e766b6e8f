// What the browser benchmarks (builder.mjs, workflow-editor.mjs) share: a signed-in account of the
// started site, and the Event Timing durations of the interactions a function performs.

import { join } from 'node:path';
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
export const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
