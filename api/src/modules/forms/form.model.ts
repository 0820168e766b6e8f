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
    // The counters of the form's submissions, all changed by the one atomic update that accepts a
    // submission (forms.service takeSubmissionPlace) or that records removed ones, so no list or page
    // ever counts documents (decision 4). `submissionCount`: those stored now, the scheduling tab's
    // limit and every total shown. `submissionSeq`: numbers ever given (submissions carry theirs as
    // `seq`). `deletedPerBlock`: per block of 100 numbers ("12": n), how many of them are gone or were
    // never stored. `submissionDays`: per recent UTC day ("2026-05-01": n), those stored now.
    // `referenceSeq`: the last reference number given (by it, some submission has one). Forms from before these counters lack
    // `submissionSeq` until their team's submissions are numbered (submissions/submission-backfill.ts).
    submissionCount: { type: Number, default: 0 },
    submissionSeq: { type: Number, default: 0 },
    deletedPerBlock: { type: Schema.Types.Mixed, default: {} },
    submissionDays: { type: Schema.Types.Mixed, default: {} },
    referenceSeq: { type: Number, default: 0 },
    // Whether a quiz's score was stored with a submission: the export's points columns.
    hasScoredSubmissions: { type: Boolean, default: false },
  },
  { timestamps: true, minimize: false },
);
formSchema.index({ teamId: 1, archivedAt: 1, updatedAt: -1 });

export type Form = Omit<
  InferSchemaType<typeof formSchema>,
  | 'definition'
  | 'publishedDefinition'
  | 'settings'
  | 'secrets'
  | 'submissionSeq'
  | 'deletedPerBlock'
  | 'submissionDays'
  | 'referenceSeq'
> & {
  _id: Types.ObjectId;
  definition: FormDefinition;
  publishedDefinition: FormDefinition | null;
  /** Per tab, as the contract's request schema left it; missing tabs were never saved. */
  settings: Partial<Record<FormSettingTab, unknown>>;
  secrets: { mailchimpApiKey?: string };
  /** Missing on forms stored before the counters (lean reads apply no defaults). */
  submissionSeq?: number;
  deletedPerBlock?: Record<string, number>;
  submissionDays?: Record<string, number>;
  referenceSeq?: number;
  createdAt: Date;
  updatedAt: Date;
};
export const FormModel = model('Form', formSchema);
