import { FormCounterModel } from '../forms/form-counter.model';
import { SubmissionModel } from './submission.model';
import { TeamSubmissionCounterModel } from './team-submission-counter.model';

/**
 * Takes away the numbering of a team's submissions and the counters of it and its forms, as they were
 * before submissions were numbered; the next read or submission numbers them again.
 */
export async function forgetSubmissionNumbering(teamId: number): Promise<void> {
  await SubmissionModel.updateMany({ teamId }, { $unset: { seq: '', block: '', teamSeq: '', teamBlock: '' } });
  await FormCounterModel.deleteMany({ teamId });
  await TeamSubmissionCounterModel.deleteOne({ _id: teamId });
}

/**
 * Stores submissions as the api did before they were numbered, with the times a test needs: the team's
 * numbering is taken away, so the next read numbers them among the others.
 */
export async function storeUnnumberedSubmissions(
  teamId: number,
  submissions: {
    formId: string;
    idempotencyKey: string;
    answers: Record<string, unknown>;
    createdAt?: Date;
    formVersion?: number;
    reference?: string | null;
  }[],
): Promise<void> {
  await SubmissionModel.insertMany(submissions.map((submission) => ({ formVersion: 1, ...submission, teamId })));
  await forgetSubmissionNumbering(teamId);
}
