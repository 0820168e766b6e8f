import type { ErrorBody, ErrorCode } from '@formwerk/contracts';
import Cookies from 'js-cookie';
import { csrfCookieName, useSessionStore } from '../session/session-store';

/** An answer of the api outside 2xx; UIs translate it by `code` (ARCHITECTURE.md §5). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: ErrorCode | 'NETWORK',
    readonly status: number,
    readonly details?: unknown,
  ) {
    super(code);
  }
}

let onUnauthorized: (() => void) | undefined;

/** The shell decides what a lost session means for the page (it re-runs its guards). */
export function setUnauthorizedHandler(handler: (() => void) | undefined): void {
  onUnauthorized = handler;
}

type RequestOptions = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown };

/** The header that carries the session's CSRF token, for requests made without `apiRequest` (uploads). */
export function csrfTokenHeader(): Record<string, string> {
  const csrfToken = Cookies.get(csrfCookieName);
  return csrfToken ? { 'X-CSRF-Token': csrfToken } : {};
}

function send(path: string, method: string, body: unknown): Promise<Response> {
  return fetch(`/api/v1${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...csrfTokenHeader(),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
}

async function codeOf(response: Response): Promise<string | undefined> {
  const data: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return (data as Partial<ErrorBody> | undefined)?.error?.code;
}

/**
 * Calls `/api/v1{path}` with the session cookies and the session's CSRF token. The server is the
 * authority: after any answer the session store re-reads the cookies the api may have set or cleared.
 */
export async function apiRequest<Result>(path: string, { method = 'GET', body }: RequestOptions = {}): Promise<Result> {
  let response: Response;
  try {
    response = await send(path, method, body);
    // A session begun before the CSRF cookie existed lacks it: fetch the session's cookies once, then retry.
    if (response.status === 403 && (await codeOf(response)) === 'CSRF_TOKEN_INVALID') {
      await fetch('/api/v1/auth/session', { credentials: 'same-origin' });
      response = await send(path, method, body);
    }
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  useSessionStore.getState().readCookies();
  if (response.status === 204) return undefined as Result;
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401) {
      // The server is the authority: its session is gone, so the UI forgets it too (ARCHITECTURE.md §3).
      useSessionStore.getState().clear();
      onUnauthorized?.();
    }
    const error = (data as Partial<ErrorBody> | undefined)?.error;
    throw new ApiError(error?.code ?? 'INTERNAL', response.status, error?.details);
  }
  return data as Result;
}
