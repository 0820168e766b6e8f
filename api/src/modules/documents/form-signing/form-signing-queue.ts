import { enqueueJob } from '../../../platform/jobs';

/**
 * The job that sends a submission's document to sign, by name and how to queue it: apart from its
 * definition (form-signing-jobs.ts), so the workflow engine queues it without loading the signing.
 */
export const startFormSigningJobName = 'start-form-signing';

export type StartFormSigningJob = { submissionId: string };

/** Sends the submission's document soon, in a job; queued twice, it is still sent once. */
export async function queueFormSigningStart(submissionId: string): Promise<void> {
  await enqueueJob(startFormSigningJobName, { submissionId } satisfies StartFormSigningJob);
}
