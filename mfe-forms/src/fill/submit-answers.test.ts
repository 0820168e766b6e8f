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
    const submit = createSubmitter('f1', 'token-1');
    expect(await submit({ name: 'Ina' }, '')).toEqual({ isDone: true, receipt: { reference: 'R-1', quiz: null } });
    await submit({ name: 'Ina' }, '');
    const keys = fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)).idempotencyKey);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('hands the thank-you the respondent’s own signing page, and no other address', async () => {
    const token = 'a'.repeat(43);
    const answer = (signingPath: string) =>
      vi.fn(async () => new Response(JSON.stringify({ submissionId: 's1', reference: null, quiz: null, signingPath })));
    vi.stubGlobal('fetch', answer(`/en/form/signed?token=${token}`));
    expect(await createSubmitter('f1', 'token-1')({}, '')).toEqual({
      isDone: true,
      receipt: { reference: null, quiz: null, signingPath: `/en/form/signed?token=${token}` },
    });
    for (const elsewhere of [
      `https://elsewhere.example/form/signed?token=${token}`,
      '/v1/forms',
      'javascript:alert(1)',
    ]) {
      vi.stubGlobal('fetch', answer(elsewhere));
      const outcome = await createSubmitter('f1', 'token-1')({}, '');
      expect(outcome.isDone && outcome.receipt?.signingPath).toBeUndefined();
    }
  });

  it('hands the thank-you the respondent’s own data page, and no other address', async () => {
    const path = `/mydata/${'b'.repeat(43)}`;
    const answer = (personalDataPath: string) =>
      vi.fn(
        async () => new Response(JSON.stringify({ submissionId: 's1', reference: null, quiz: null, personalDataPath })),
      );
    vi.stubGlobal('fetch', answer(path));
    const outcome = await createSubmitter('f1', 'token-1')({}, '');
    expect(outcome.isDone && outcome.receipt?.personalDataPath).toBe(path);
    for (const elsewhere of [`https://elsewhere.example${path}`, '/mydata/short', 'javascript:alert(1)']) {
      vi.stubGlobal('fetch', answer(elsewhere));
      const refused = await createSubmitter('f1', 'token-1')({}, '');
      expect(refused.isDone && refused.receipt?.personalDataPath).toBeUndefined();
    }
  });

  it('tells a form closed meanwhile apart from other problems', async () => {
    const closed = { error: { code: 'FORM_CLOSED', message: 'closed' } };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(closed), { status: 403 })),
    );
    expect(await createSubmitter('f1', 'token-1')({}, '')).toEqual({ isDone: false, issues: [], problem: 'closed' });
  });

  it("says the form takes no answers for now when the team's plan is at its limit, without its details", async () => {
    const atLimit = {
      error: { code: 'PLAN_LIMIT_REACHED', message: 'limit', details: { limit: 'submissionsPerMonth' } },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(atLimit), { status: 402 })),
    );
    expect(await createSubmitter('f1', 'token-1')({}, '')).toEqual({ isDone: false, issues: [], problem: 'paused' });
  });

  it('keeps the answers and sends them again by itself after the wait the api asks for, telling the page', async () => {
    const limited = { error: { code: 'RATE_LIMITED', message: 'wait' } };
    const answers = [
      new Response(JSON.stringify(limited), { status: 429, headers: { 'Retry-After': '42' } }),
      new Response('busy', { status: 503 }),
      new Response(JSON.stringify({ submissionId: 's1', reference: null, quiz: null }), { status: 201 }),
    ];
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answers.shift() as Response);
    vi.stubGlobal('fetch', fetch);
    const waits: number[] = [];
    const told: number[] = [];
    const submit = createSubmitter('f1', 'token-1', async (seconds) => {
      waits.push(seconds);
    });
    const outcome = await submit({ name: 'Ina' }, '', { onWait: (seconds) => told.push(seconds) });
    expect(outcome).toEqual({ isDone: true, receipt: { reference: null, quiz: null } });
    // Retry-After when given, else half a minute.
    expect(waits).toEqual([42, 30]);
    expect(told).toEqual([42, 30]);
    const bodies = fetch.mock.calls.map(([, init]) => JSON.parse(String(init.body)));
    expect(new Set(bodies.map((body) => body.idempotencyKey)).size).toBe(1);
    expect(bodies.every((body) => body.answers.name === 'Ina')).toBe(true);
  });

  it('gives up waiting after half an hour in all and says why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 429, headers: { 'Retry-After': '600' } })),
    );
    const waits: number[] = [];
    const submit = createSubmitter('f1', 'token-1', async (seconds) => {
      waits.push(seconds);
    });
    expect(await submit({}, '')).toEqual({ isDone: false, issues: [], problem: 'rateLimited' });
    expect(waits).toEqual([600, 600, 600]);
  });

  it('replaces a start token the api no longer takes, and sends again once a person could have filled the form', async () => {
    const invalid = { error: { code: 'START_TOKEN_INVALID', message: 'invalid' } };
    const fetch = vi.fn(async (_url: string, init?: RequestInit) => {
      if (!init) return new Response(JSON.stringify({ startToken: 'token-2' }));
      const { startToken } = JSON.parse(String(init.body));
      return startToken === 'token-2'
        ? new Response(JSON.stringify({ submissionId: 's1', reference: null, quiz: null }), { status: 201 })
        : new Response(JSON.stringify(invalid), { status: 400 });
    });
    vi.stubGlobal('fetch', fetch);
    const waits: number[] = [];
    const submit = createSubmitter('f1', 'token-1', async (seconds) => {
      waits.push(seconds);
    });
    expect((await submit({}, '')).isDone).toBe(true);
    expect(waits).toEqual([4]);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/v1/public/forms/f1/submissions',
      '/api/v1/public/forms/f1',
      '/api/v1/public/forms/f1/submissions',
    ]);
  });
});
