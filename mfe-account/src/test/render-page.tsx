import { preloadPage } from '@formwerk/platform';
import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import areaModule from '../exposes/routes';

// The pages' chunks load with the test file, as the shell would load them before a page shows.
await Promise.all(Object.values(areaModule.pages).map(preloadPage));

afterEach(() => {
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
