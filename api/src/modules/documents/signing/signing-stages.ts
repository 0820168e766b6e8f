import type { SigningRecipientStatus } from '@formwerk/contracts';
import type { StoredRecipient } from './signing-request.model';

// The stage rule (decision 022), in one place and without a database: stage n is open once every
// signer, approver and viewer of the stages before it is done. A viewer is done once they opened the
// document; a CC never blocks (and may look at any time); a recipient who handed their part on is
// replaced, in the same stage, by the person who took it.

type StageMember = Pick<StoredRecipient, 'kind' | 'stage' | 'status'>;

const doneStatuses: readonly SigningRecipientStatus[] = ['signed', 'approved', 'viewed'];

export const isDone = (recipient: Pick<StoredRecipient, 'status'>) => doneStatuses.includes(recipient.status);

/** Not replaced by a delegate: still the one who holds their part. */
export const isActive = (recipient: Pick<StoredRecipient, 'status'>) => recipient.status !== 'delegated';

/** Someone whose part later stages wait for. */
export const isBlocking = (recipient: StageMember) => recipient.kind !== 'cc' && isActive(recipient);

/** The stage whose people act now: the first with someone not done; null when everyone is. */
export function openStageOf(recipients: readonly StageMember[]): number | null {
  const stages = recipients
    .filter((recipient) => isBlocking(recipient) && !isDone(recipient))
    .map(({ stage }) => stage);
  return stages.length > 0 ? Math.min(...stages) : null;
}

/** Whether the recipient may act (or look) now: a CC always, everyone else from their stage on. */
export function isStageOpen(recipients: readonly StageMember[], recipient: StageMember): boolean {
  if (recipient.kind === 'cc') return true;
  const openStage = openStageOf(recipients);
  return openStage === null || recipient.stage <= openStage;
}

export const stageCountOf = (recipients: readonly StageMember[]) =>
  Math.max(1, ...recipients.map(({ stage }) => stage));

/**
 * The recipients with every stage up to the open one opened: those still `waiting` there become
 * `open`, and are returned in `opened` to be told it is their turn.
 */
export function openStages<Recipient extends StoredRecipient>(
  recipients: readonly Recipient[],
): { recipients: Recipient[]; opened: Recipient[] } {
  const openStage = openStageOf(recipients);
  const opened: Recipient[] = [];
  const next = recipients.map((recipient) => {
    if (openStage === null || recipient.status !== 'waiting' || recipient.stage > openStage) return recipient;
    const open = { ...recipient, status: 'open' as const };
    opened.push(open);
    return open;
  });
  return { recipients: next, opened };
}
