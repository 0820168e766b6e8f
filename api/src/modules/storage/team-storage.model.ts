import { model, Schema } from '../../platform/db';

// What a team's stored files take up, `_id` being the team id: a small document of its own, moved by
// one conditional `$inc` per upload and delete (decision 013), so the limit holds under concurrency.
const teamStorageSchema = new Schema(
  {
    _id: { type: Number, required: true },
    usedBytes: { type: Number, default: 0 },
    /** The owners were told that a respondent's file found no room; cleared when room is made. */
    isFullNoticed: { type: Boolean, default: false },
  },
  { versionKey: false },
);

export type TeamStorage = { _id: number; usedBytes: number; isFullNoticed?: boolean };
export const TeamStorageModel = model('TeamStorage', teamStorageSchema, 'team_storage');
