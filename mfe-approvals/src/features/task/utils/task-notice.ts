import type { TaskStatus } from '@formwerk/contracts';
import { ApiError } from '@formwerk/platform';

/** What the page says at its top after a change: a message key and its values. */
export type Notice = { key: string; values?: Record<string, string> };

/**
 * The notice for a task someone else finished meanwhile (TASK_CLOSED): who decided it and how, when the
 * api says so. Undefined for any other error.
 */
export function toClosedNotice(error: unknown, statusLabel: (status: TaskStatus) => string): Notice | undefined {
  if (!(error instanceof ApiError) || error.code !== 'TASK_CLOSED') return undefined;
  const details = error.details as { decidedBy?: unknown; status?: unknown } | undefined;
  const decidedBy = typeof details?.decidedBy === 'string' ? details.decidedBy : null;
  const status = typeof details?.status === 'string' ? statusLabel(details.status as TaskStatus) : '';
  return decidedBy ? { key: 'inbox.task.closedBy', values: { name: decidedBy, status } } : { key: 'inbox.task.closed' };
}
