import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const teamSchema = new Schema(
  {
    // The numeric id of the `team` cookie (product-spec §3).
    teamId: { type: Number, required: true, unique: true },
    name: { type: String, required: true },
    ownerId: { type: Schema.Types.ObjectId, required: true, index: true },
    members: [
      {
        _id: false,
        userId: { type: Schema.Types.ObjectId, required: true },
        role: { type: String, enum: ['owner', 'admin', 'member'], required: true },
      },
    ],
    // Its owners and admins must sign in with a second factor. Indexed: a sign-in looks among the few
    // teams that require it by equality (decision 013), not through every team.
    requireTwoFactor: { type: Boolean, default: false, index: true },
  },
  // Member changes read, edit and save the whole list; the version check makes a concurrent change fail
  // instead of being overwritten.
  { timestamps: true, optimisticConcurrency: true },
);

export type Team = InferSchemaType<typeof teamSchema> & { _id: Types.ObjectId };
export type TeamRole = Team['members'][number]['role'];
export const TeamModel = model('Team', teamSchema);

// One document per sequence; `$inc` on it is atomic on MongoDB and FerretDB alike.
const counterSchema = new Schema({ _id: { type: String, required: true }, value: { type: Number, required: true } });
export const CounterModel = model('Counter', counterSchema);
