import { EventEmitter } from 'node:events';

/**
 * Tells the open event streams of a user that their notifications changed. In-process only: a
 * change made by another api instance reaches a stream through its periodic re-read instead
 * (notifications.router.ts), a few seconds later.
 */
const changes = new EventEmitter();
// One listener per open tab of a signed-in user; the default limit of 10 would warn on many users.
changes.setMaxListeners(0);

export function announceChange(userId: string): void {
  changes.emit(userId);
}

export function onChange(userId: string, listener: () => void): () => void {
  changes.on(userId, listener);
  return () => changes.off(userId, listener);
}
