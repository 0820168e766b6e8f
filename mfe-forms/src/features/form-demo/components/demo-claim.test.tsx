import type { FormDefinition, FormResponse } from '@formwerk/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';
import { demoDraftKey } from '../utils/demo-draft-key';

beforeAll(() => {
  const observer = class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  };
  globalThis.ResizeObserver ??= observer;
  globalThis.IntersectionObserver ??= observer as unknown as typeof IntersectionObserver;
});

const formId = '65f0c0ffee0000000000abcd';
const definition: FormDefinition = {
  title: 'Sommerfest',
  description: '',
  language: 'en',
  pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Your name', required: true }] }],
};
const emptyDashboard = {
  recentForms: [],
  submissionsLast7Days: 0,
  submissionsByDay: [],
  formCounts: { total: 0, published: 0, draft: 0, archived: 0 },
};

type Call = { url: string; method: string; body: unknown };

/**
 * The api as a new team meets it: POST /forms stores a form under the id it is given once, and answers
 * that form again for the same id, as the forms module does; `failFirst` makes the first POST fail.
 */
function serveApi({ failFirst = false } = {}) {
  const calls: Call[] = [];
  const stored = new Map<string, FormResponse>();
  let failures = failFirst ? 1 : 0;
  answerApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    if (url.endsWith('/dashboard')) return [200, emptyDashboard];
    if (method === 'POST' && url.endsWith('/forms')) {
      if (failures-- > 0) return [503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }];
      const known = stored.get(body.id);
      const form: FormResponse = known ?? {
        id: body.id,
        status: 'draft',
        isArchived: false,
        version: 1,
        definition: body.definition,
        createdAt: '2026-11-01T10:00:00.000Z',
        updatedAt: '2026-11-01T10:00:00.000Z',
        publishedAt: null,
        publishedVersion: null,
      };
      stored.set(form.id, form);
      return [known ? 200 : 201, form];
    }
    const form = stored.get(url.split('/').at(-1) ?? '');
    return form ? [200, form] : [404, { error: { code: 'NOT_FOUND', message: 'x' } }];
  });
  return calls;
}

const keepDraft = () =>
  localStorage.setItem(
    demoDraftKey,
    JSON.stringify({ formId, version: 4, definition, savedAt: '2026-11-01T09:00:00.000Z' }),
  );
const posts = (calls: Call[]) => calls.filter((call) => call.method === 'POST');

beforeEach(() => localStorage.clear());

describe('keeping the demo form after sign-up', () => {
  it('makes the draft the team’s form once, under its id, removes it, and opens it in the builder with a notice', async () => {
    keepDraft();
    const calls = serveApi();
    await renderPage('/en/v1');
    expect(await screen.findByText('Your demo form was kept. It is now your team’s first form.')).toBeTruthy();
    expect(((await screen.findByLabelText('Form title')) as HTMLInputElement).value).toBe('Sommerfest');
    // The home page's effect runs twice in development; the request goes out once.
    expect(posts(calls)).toEqual([
      {
        url: expect.stringMatching(/\/forms$/),
        method: 'POST',
        body: { id: formId, title: 'Sommerfest', language: 'en', definition },
      },
    ]);
    expect(localStorage.getItem(demoDraftKey)).toBeNull();
  });

  it('when keeping fails, keeps the draft and sends the same id again on retry', async () => {
    keepDraft();
    const calls = serveApi({ failFirst: true });
    await renderPage('/en/v1/forms');
    const failed = await screen.findByRole('heading', { name: 'Your demo form could not be kept.' });
    expect(localStorage.getItem(demoDraftKey)).not.toBeNull();
    fireEvent.click(within(failed.closest('section') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Your demo form was kept. It is now your team’s first form.')).toBeTruthy();
    expect(posts(calls).map((call) => (call.body as { id: string }).id)).toEqual([formId, formId]);
    expect(localStorage.getItem(demoDraftKey)).toBeNull();
  });

  it('after a reload that lost the answer, sending the draft again opens the form made the first time', async () => {
    keepDraft();
    const calls = serveApi();
    await renderPage('/en/v1');
    await screen.findByLabelText('Form title');
    // As if the first answer had not arrived: the draft is still in the browser at the next visit.
    cleanup();
    keepDraft();
    await renderPage('/en/v1');
    await waitFor(() => expect(localStorage.getItem(demoDraftKey)).toBeNull());
    const sent = posts(calls);
    expect(sent.map((call) => (call.body as { id: string }).id)).toEqual([formId, formId]);
  });

  it('without a draft, shows the page as ever and sends nothing', async () => {
    const calls = serveApi();
    await renderPage('/en/v1');
    expect(await screen.findByRole('heading', { name: 'Create your first form' })).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });
});
