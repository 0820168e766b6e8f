import type { FormDefinition } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const teamTemplateSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    // A copy of the form's definition when it was saved: later edits of the form leave the template
    // as it was, and deleting the form keeps it.
    definition: { type: Schema.Types.Mixed, required: true },
    // Copies from the definition, so the list reads without it.
    description: { type: String, default: '' },
    language: { type: String, enum: ['de', 'en'], required: true },
    fieldCount: { type: Number, required: true },
  },
  { timestamps: true, minimize: false },
);
teamTemplateSchema.index({ teamId: 1, createdAt: -1 });

export type TeamTemplate = Omit<InferSchemaType<typeof teamTemplateSchema>, 'definition' | 'language'> & {
  _id: Types.ObjectId;
  definition: FormDefinition;
  language: FormDefinition['language'];
  createdAt: Date;
  updatedAt: Date;
};
export const TeamTemplateModel = model('TeamTemplate', teamTemplateSchema);
