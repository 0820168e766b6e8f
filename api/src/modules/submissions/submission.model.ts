import type { Answers } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const submissionSchema = new Schema(
  {
    formId: { type: Schema.Types.ObjectId, required: true },
    teamId: { type: Number, required: true, index: true },
    formVersion: { type: Number, required: true },
    // The answers that count: checked against the form as the respondent met it, hidden ones dropped.
    answers: { type: Schema.Types.Mixed, required: true },
    idempotencyKey: { type: String, required: true },
    // From the form's reference tab (e.g. HR-2026-00042), when it was on; unique per form.
    reference: { type: String, default: null },
    // A quiz's score when the form was a quiz.
    score: { type: new Schema({ points: Number, maxPoints: Number }, { _id: false }), default: null },
    // Numbered 1, 2, 3 … per form and per team by their counters (submission-numbering.ts); a block
    // holds 100 numbers, so any page is read by equality on {formId, block} or {teamId, teamBlock}, the
    // only filters FerretDB answers by index (decision 4). Submissions stored before the numbering get
    // theirs on the first read of their team (submission-backfill.ts), hence not required.
    seq: { type: Number },
    block: { type: Number },
    teamSeq: { type: Number },
    teamBlock: { type: Number },
  },
  { timestamps: { createdAt: true, updatedAt: false }, minimize: false },
);
// One submission per fill of the page: a retry with the same key finds the first one.
submissionSchema.index({ formId: 1, idempotencyKey: 1 }, { unique: true });
submissionSchema.index({ formId: 1, block: 1 });
submissionSchema.index({ teamId: 1, teamBlock: 1 });

export type Submission = Omit<
  InferSchemaType<typeof submissionSchema>,
  'answers' | 'reference' | 'score' | 'seq' | 'block' | 'teamSeq' | 'teamBlock'
> & {
  _id: Types.ObjectId;
  answers: Answers;
  reference: string | null;
  score: { points: number; maxPoints: number } | null;
  createdAt: Date;
  seq?: number | null;
  block?: number | null;
  teamSeq?: number | null;
  teamBlock?: number | null;
};
export const SubmissionModel = model('Submission', submissionSchema);
