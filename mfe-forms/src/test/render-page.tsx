import { preloadPage } from '@formwerk/platform';
import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import areaModule from '../exposes/routes';
import { queryClient } from '../query/area-queries';

// The pages' chunks load with the test file, as the shell would load them before a page shows.
await Promise.all(Object.values(areaModule.pages).map(preloadPage));

// Each test starts with an empty cache, and an error shows at once (no retries after a second).
queryClient.setDefaultOptions({ queries: { retry: false } });

afterEach(() => {
  queryClient.clear();
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders the forms page that `path` names (see renderAreaPage). */
export const renderPage = (path: string) => renderAreaPage('forms', areaModule, path);

/**
 * Stubs the network: each api call is answered by `answer(url, init)`, returning [status, body].
 * Returns the stub to inspect calls.
 */
export function answerApi(answer: (url: string, init?: RequestInit) => [number, unknown?]) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const [status, body] = answer(url, init);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
