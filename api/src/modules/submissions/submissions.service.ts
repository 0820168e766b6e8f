import { type Answers, validateAnswers } from '@formwerk/contracts';
import { Types } from 'mongoose';
import { AppError } from '../../platform/errors';
import { findPublishedForm } from '../forms/forms.service';
import { SubmissionModel } from './submission.model';

/** Faster than this from serving the page to sending it back, nobody filled it in by hand. */
export const minimumFillMs = 3000;

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

/**
 * Stores a respondent's answers to a published form, once per idempotency key: a double click or a
 * retry after a lost answer returns the first submission. The honeypot makes bots believe it worked.
 */
export async function submitAnswers(input: {
  formId: string;
  answers: Answers;
  idempotencyKey: string;
  startedAt: number;
  website: string;
}): Promise<{ submissionId: string; isNew: boolean }> {
  const form = await findPublishedForm(input.formId);
  if (input.website !== '') return { submissionId: new Types.ObjectId().toString(), isNew: true };
  if (Date.now() - input.startedAt < minimumFillMs) {
    throw new AppError('SUBMITTED_TOO_FAST', 400, 'The form was sent back faster than a person can fill it');
  }
  const { values, issues } = validateAnswers(form.definition, input.answers);
  if (issues.length > 0)
    throw new AppError('ANSWERS_INVALID', 400, 'Some answers break the rules of the form', { issues });
  try {
    const submission = await SubmissionModel.create({
      formId: form.id,
      teamId: form.teamId,
      formVersion: form.version,
      answers: values,
      idempotencyKey: input.idempotencyKey,
    });
    return { submissionId: submission._id.toString(), isNew: true };
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const first = await SubmissionModel.findOne(
      { formId: form.id, idempotencyKey: input.idempotencyKey },
      { _id: 1 },
    ).lean();
    if (!first) throw error;
    return { submissionId: first._id.toString(), isNew: false };
  }
}
