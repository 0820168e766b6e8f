import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const appSchema = new Schema(
  {
    teamId: { type: Number, required: true, index: true },
    name: { type: String, required: true },
    icon: { type: String, required: true },
    color: { type: String, required: true },
    // In the app's order; a form deleted since drops out when the app is read.
    formIds: { type: [String], default: [] },
  },
  { timestamps: true },
);

export type App = InferSchemaType<typeof appSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const AppModel = model('App', appSchema);
