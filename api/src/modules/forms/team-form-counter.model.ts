import { model, Schema } from '../../platform/db';

// How many forms a team keeps (archived ones included), `_id` being the team id: what its plan's form
// limit is checked against, by one conditional `$inc` per new form (team-form-count.ts). Made on the
// team's first new form after plans came, from one count of its forms.
const teamFormCounterSchema = new Schema(
  {
    _id: { type: Number, required: true },
    count: { type: Number, required: true },
  },
  { versionKey: false },
);

export type TeamFormCounter = { _id: number; count: number };
export const TeamFormCounterModel = model('TeamFormCounter', teamFormCounterSchema, 'team_form_counters');
