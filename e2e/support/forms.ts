import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { csrfHeaders } from './session';

/** A form of the signed-in `api` context with this definition, published on its public link. */
export async function createPublishedForm(
  api: APIRequestContext,
  definition: { title: string; [part: string]: unknown },
): Promise<string> {
  const headers = await csrfHeaders(api);
  const created = await (await api.post('/api/v1/forms', { data: { title: definition.title }, headers })).json();
  expect((await api.put(`/api/v1/forms/${created.id}`, { data: { version: 1, definition }, headers })).status()).toBe(
    200,
  );
  expect((await api.post(`/api/v1/forms/${created.id}/publish`, { headers })).status()).toBe(200);
  return created.id;
}

/** A respondent: a browser of its own, without the author's session, asking for `locale`. */
export async function respondentPage(browser: Browser, baseURL: string | undefined, locale = 'de-AT'): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL as string, locale });
  return context.newPage();
}

/** Saves the open settings tab (in either language) and waits until it says so. */
export async function saveSettingsTab(page: Page) {
  await page.getByRole('button', { name: /^(Speichern|Save)$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: /^(Gespeichert|Saved)\./ })).toBeVisible();
}
