import type { Express } from 'express';
import request from 'supertest';

/**
 * A supertest agent that behaves like the shell's api client: it keeps the cookies and sends the
 * session's CSRF token (from the `csrf` cookie) with every request, as a browser page of the site would.
 */
export function createTestAgent(app: Express) {
  const agent = request.agent(app);
  let csrfToken = '';
  agent.use((pending: request.Test) => {
    if (csrfToken) pending.set('X-CSRF-Token', csrfToken);
    pending.on('response', (response: { headers: Record<string, string[] | string | undefined> }) => {
      const cookies = response.headers['set-cookie'];
      for (const cookie of Array.isArray(cookies) ? cookies : []) {
        const [pair = ''] = cookie.split(';');
        if (pair.startsWith('csrf=')) csrfToken = decodeURIComponent(pair.slice('csrf='.length));
      }
    });
  });
  return agent;
}

export type TestAgent = ReturnType<typeof createTestAgent>;

/** Where a redirect answer sends the browser. */
export const locationOf = (response: request.Response) => String(response.headers.location);
