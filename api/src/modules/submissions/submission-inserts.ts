import { mongo } from 'mongoose';
import { coalesce } from '../../platform/coalesce';
import { type Submission, SubmissionModel } from './submission.model';

export type SubmissionDraft = Omit<Submission, '_id'>;

// Submissions to one form that arrive together are stored by one insert command; each learns its own
// outcome (a retry of a stored fill breaks the unique {formId, idempotencyKey} alone).
const insertTogether = coalesce<SubmissionDraft, Submission | Error>(async (drafts) => {
  const documents = drafts.map((draft) => new SubmissionModel(draft));
  const failures = new Map<number, Error>();
  try {
    await SubmissionModel.insertMany(documents, { ordered: false });
  } catch (error) {
    if (!(error instanceof mongo.MongoBulkWriteError)) throw error;
    // Mongoose hands the driver's write errors on as plain objects: what each says is under `err`.
    for (const { err } of [error.writeErrors].flat()) {
      failures.set(err.index, Object.assign(new Error(err.errmsg), { code: err.code }));
    }
  }
  return documents.map((document, index) => failures.get(index) ?? (document.toObject() as Submission));
});

/** Stores a submission; fails as an insert of it alone would (code 11000 for a duplicate key). */
export async function insertSubmission(draft: SubmissionDraft): Promise<Submission> {
  const stored = await insertTogether(draft.formId.toString(), draft);
  if (stored instanceof Error) throw stored;
  return stored;
}
