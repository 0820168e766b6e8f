import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const groupSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    name: { type: String, required: true },
    // The name in lower case: unique per team, so "Sales" and "sales" cannot both exist.
    nameKey: { type: String, required: true },
    memberIds: { type: [Schema.Types.ObjectId], default: [] },
  },
  { timestamps: true },
);
groupSchema.index({ teamId: 1, nameKey: 1 }, { unique: true });

export type Group = InferSchemaType<typeof groupSchema> & { _id: Types.ObjectId };
export const GroupModel = model('Group', groupSchema);
