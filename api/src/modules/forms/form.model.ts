import type { FormDefinition, FormSettingTab } from '@formwerk/contracts';
import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const formSchema = new Schema(
  {
    teamId: { type: Number, required: true, index: true },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    // The whole definition as the contract's schema validated it; the fields below are copies for
    // listing, searching and sorting without reading it.
    definition: { type: Schema.Types.Mixed, required: true },
    title: { type: String, required: true },
    titleKey: { type: String, required: true },
    fieldCount: { type: Number, required: true },
    version: { type: Number, required: true, default: 1 },
    status: { type: String, enum: ['draft', 'published'], required: true, default: 'draft' },
    publishedAt: { type: Date, default: null },
    // What the public link shows: a copy taken at publishing, so later edits go live only when
    // published again.
    publishedDefinition: { type: Schema.Types.Mixed, default: null },
    publishedVersion: { type: Number, default: null },
    archivedAt: { type: Date, default: null },
    // The tabs of /v1/forms/{id}/setting as saved (defaults are filled in on reading), live at once.
    settings: { type: Schema.Types.Mixed, default: {} },
    // Kept apart from `settings`: never sent to a browser.
    secrets: { type: Schema.Types.Mixed, default: {} },
    // Its submissions are counted in a document of their own (form-counter.model.ts).
    // The approval workflow its new submissions start (module workflows), set from the workflow's side.
    workflowId: { type: Schema.Types.ObjectId, default: null },
  },
  { timestamps: true, minimize: false },
);
formSchema.index({ teamId: 1, archivedAt: 1, updatedAt: -1 });

export type Form = Omit<
  InferSchemaType<typeof formSchema>,
  'definition' | 'publishedDefinition' | 'settings' | 'secrets'
> & {
  _id: Types.ObjectId;
  definition: FormDefinition;
  publishedDefinition: FormDefinition | null;
  /** Per tab, as the contract's request schema left it; missing tabs were never saved. */
  settings: Partial<Record<FormSettingTab, unknown>>;
  secrets: { mailchimpApiKey?: string };
  createdAt: Date;
  updatedAt: Date;
};
export const FormModel = model('Form', formSchema);
