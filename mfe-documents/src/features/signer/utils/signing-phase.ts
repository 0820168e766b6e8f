import type { SigningView } from '@formwerk/contracts';

/**
 * What the page shows for a link, judged as the api judges it: the request's end first (expired,
 * declined, cancelled, sealed), then the person's own part (done, not their turn yet), then whether
 * this browser has entered the mailed code.
 */
export type SigningPhase =
  | 'expired'
  | 'declined'
  | 'cancelled'
  | 'sealing'
  | 'completed'
  | 'done'
  | 'waiting'
  | 'verify'
  | 'sign'
  | 'view';

const doneStatuses = new Set(['signed', 'approved', 'viewed']);

export function phaseOf({ status, recipient }: SigningView): SigningPhase {
  if (status === 'expired' || status === 'declined' || status === 'cancelled') return status;
  if (status === 'sealing' || status === 'completed') return status;
  if (doneStatuses.has(recipient.status)) return 'done';
  if (!recipient.isStageOpen) return 'waiting';
  if (!recipient.isVerified) return 'verify';
  return recipient.kind === 'signer' || recipient.kind === 'approver' ? 'sign' : 'view';
}
