import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

// The counters of a form's submissions, `_id` being the form's id, in a small document of their own:
// FerretDB v1 reads, decodes and writes back a whole document for every update, and a form with its
// definitions and settings is tens of kilobytes, so counting on the form itself made each accepted
// submission several times dearer (measured in bench/database.mjs, decision 013).
//
// Each accepted submission raises them by one atomic update (forms.service takeSubmissionPlace), each
// removal lowers them by another, so no list or page ever counts documents (decision 4).
// - `count`: submissions stored now (the scheduling tab's limit, every total shown);
// - `seq`: numbers ever given (submissions carry theirs as `seq`);
// - `deletedPerBlock`: per block of 100 numbers ("12": n), how many of them are gone or never stored;
// - `days`: per recent UTC day ("2026-05-01": n), those stored now;
// - `referenceSeq`: the last reference number given; `hasScores`: whether a quiz score was stored;
// - `revision`: raised by every change of the form, so a copy of the form kept by the api is known to
//   be current by the very update that takes a place (published-forms.ts).
// A form without this document has submissions from before the counters: its team's submissions are
// numbered first (submissions/submission-backfill.ts).
const formCounterSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    teamId: { type: Number, required: true, index: true },
    count: { type: Number, default: 0 },
    seq: { type: Number, default: 0 },
    deletedPerBlock: { type: Schema.Types.Mixed, default: {} },
    days: { type: Schema.Types.Mixed, default: {} },
    referenceSeq: { type: Number, default: 0 },
    hasScores: { type: Boolean, default: false },
    revision: { type: Number, default: 0 },
  },
  { minimize: false, versionKey: false },
);

export type FormCounter = {
  _id: Types.ObjectId;
  teamId: number;
  count: number;
  seq: number;
  deletedPerBlock: Record<string, number>;
  days: Record<string, number>;
  referenceSeq: number;
  hasScores: boolean;
  revision: number;
};

export const FormCounterModel = model('FormCounter', formCounterSchema, 'form_counters');
