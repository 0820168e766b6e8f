import type { JobDefinition } from '../../../platform/jobs';
import { findSubmissionById } from '../../submissions/submissions.service';
import { type StartFormSigningJob, startFormSigningJobName } from './form-signing-queue';
import { startFormSigningFor } from './form-signing-start';

/** Sends a submission's document to sign by its id (a submission deleted since sends nothing). */
export async function startFormSigning(submissionId: string): Promise<string | null> {
  const submission = await findSubmissionById(submissionId);
  return submission ? startFormSigningFor(submission) : null;
}

/** Sends a submission's document to sign once its workflow approved it (or when a submit could not). */
export const startFormSigningJob: JobDefinition<StartFormSigningJob> = {
  name: startFormSigningJobName,
  run: async ({ submissionId }) => {
    await startFormSigning(submissionId);
  },
};
