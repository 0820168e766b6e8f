import { model, Schema } from '../../platform/db';

// The submissions a team's forms took in one calendar month (Europe/Berlin), `_id` being
// `${teamId}:${yyyy-mm}`: what the plan's monthly limit is checked against (monthly-submissions.ts).
// A submission counts when it is accepted, and is given back if it is then not stored; deleting one
// later does not give it back. `isLimitNoticed`: the owners were told this month's limit was reached.
const monthlySubmissionCounterSchema = new Schema(
  {
    _id: { type: String, required: true },
    count: { type: Number, required: true },
    isLimitNoticed: { type: Boolean, default: false },
  },
  { versionKey: false },
);

export type MonthlySubmissionCounter = { _id: string; count: number; isLimitNoticed: boolean };
export const MonthlySubmissionCounterModel = model(
  'MonthlySubmissionCounter',
  monthlySubmissionCounterSchema,
  'monthly_submission_counters',
);
