import { type APIRequestContext, expect } from '@playwright/test';
import { csrfHeaders } from './session';

/** A form of the signed-in `api` context with this definition, published on its public link. */
export async function createPublishedForm(api: APIRequestContext, definition: { title: string }): Promise<string> {
  const headers = await csrfHeaders(api);
  const created = await (await api.post('/api/v1/forms', { data: { title: definition.title }, headers })).json();
  expect((await api.put(`/api/v1/forms/${created.id}`, { data: { version: 1, definition }, headers })).status()).toBe(
    200,
  );
  expect((await api.post(`/api/v1/forms/${created.id}/publish`, { headers })).status()).toBe(200);
  return created.id;
}
