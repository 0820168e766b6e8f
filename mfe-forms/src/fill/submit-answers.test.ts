import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSubmitter } from './submit-answers';

afterEach(() => vi.unstubAllGlobals());

describe('sending the answers of the public page', () => {
  it('sends one idempotency key per page load, a UUID made without crypto.randomUUID (plain http)', async () => {
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ submissionId: 's1', reference: 'R-1', quiz: null })),
    );
    vi.stubGlobal('fetch', fetch);
    const submit = createSubmitter('f1', 1000);
    expect(await submit({ name: 'Ina' }, '')).toEqual({ isDone: true, receipt: { reference: 'R-1', quiz: null } });
    await submit({ name: 'Ina' }, '');
    const keys = fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)).idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('tells a form closed meanwhile apart from other problems', async () => {
    const closed = { error: { code: 'FORM_CLOSED', message: 'closed' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(closed), { status: 403 })),
    );
    expect(await createSubmitter('f1', 1000)({}, '')).toEqual({ isDone: false, issues: [], problem: 'closed' });
  });
});
