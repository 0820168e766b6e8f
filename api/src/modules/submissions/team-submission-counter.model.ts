import { model, Schema } from '../../platform/db';

// The team's counters of its submissions, `_id` being the team id: what the form keeps for its own
// (form.model.ts), for the list of all the team's submissions. `seq` numbers given (submissions carry
// theirs as `teamSeq`), `count` those stored now, `deletedPerBlock` per block of 100 numbers how many
// are gone, `days` per recent UTC day how many are stored. Each accepted submission raises them by one
// atomic update; a team without this document has not had its submissions numbered yet.
const teamSubmissionCounterSchema = new Schema(
  {
    _id: { type: Number, required: true },
    seq: { type: Number, default: 0 },
    count: { type: Number, default: 0 },
    deletedPerBlock: { type: Schema.Types.Mixed, default: {} },
    days: { type: Schema.Types.Mixed, default: {} },
  },
  { minimize: false, versionKey: false },
);

export type TeamSubmissionCounter = {
  _id: number;
  seq: number;
  count: number;
  deletedPerBlock: Record<string, number>;
  days: Record<string, number>;
};
export const TeamSubmissionCounterModel = model(
  'TeamSubmissionCounter',
  teamSubmissionCounterSchema,
  'team_submission_counters',
);
