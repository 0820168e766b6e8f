import type { Response } from 'express';

/**
 * Responses that stay open (server-sent events). A stopping api ends them first: `server.close`
 * waits for every open connection, and a stream would hold a deploy for the whole grace period.
 * Browsers reconnect an ended event stream by themselves, to another instance.
 */
const openStreams = new Set<Response>();

export function trackStream(response: Response): void {
  openStreams.add(response);
  response.once('close', () => openStreams.delete(response));
}

export function endOpenStreams(): void {
  for (const response of openStreams) response.end();
  openStreams.clear();
}
