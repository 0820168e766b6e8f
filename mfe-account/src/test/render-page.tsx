import { preloadPage } from '@formwerk/platform';
import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import areaModule from '../exposes/routes';
import { queryClient } from '../query/area-queries';

// The pages' chunks load with the test file, as the shell would load them before a page shows.
await Promise.all(Object.values(areaModule.pages).map(preloadPage));

// Each test starts with an empty cache, and an error shows at once (no retries after a second); the
// rest of the area's defaults (how long an answer stays fresh) hold as on the site.
queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });

afterEach(() => {
  queryClient.clear();
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the account page that `path` names (see renderAreaPage). */
export const renderPage = (path: string) => renderAreaPage('account', areaModule, path);

/** Stubs the network: every api call answers `status` with `body`; returns the stub to inspect calls. */
export function answerApi(status: number, body?: unknown) {
  const fetch = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/**
 * Stubs the network: each api call is answered by `answer("METHOD /path", body)` with [status, body]
 * (the path without /api/v1). Returns the calls made so far, as "METHOD /path body".
 */
export function answerEachCall(answer: (call: string, body: unknown) => [number, unknown?]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const call = `${init?.method ?? 'GET'} ${url.replace('/api/v1', '')}`;
    const [status, body] = answer(call, init?.body ? JSON.parse(String(init.body)) : undefined);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return () =>
    fetch.mock.calls.map(([url, init]) =>
      `${init?.method ?? 'GET'} ${url.replace('/api/v1', '')} ${init?.body ?? ''}`.trim(),
    );
}
