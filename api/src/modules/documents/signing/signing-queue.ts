/**
 * The jobs of signing requests by name, apart from their definitions (signing-jobs.ts), so that the
 * transitions that queue them (through the outbox) do not load the sealing.
 */
export const sealSigningRequestJobName = 'seal-signing-request';
export const remindSigningRecipientsJobName = 'remind-signing-recipients';
export const expireSigningRequestJobName = 'expire-signing-request';
export const repairSigningRequestsJobName = 'repair-signing-requests';

export type SigningRequestJob = { requestId: string };
/** The reminder round a job is for: only the round the request names acts (`reminderRound`). */
export type SigningReminderJob = { requestId: string; round: number };
