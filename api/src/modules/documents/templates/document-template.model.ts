import type { TemplateFieldKind, TemplateRoleKind } from '@formwerk/contracts';
import { templateFieldKinds, templateRoleKinds } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { model, Schema } from '../../../platform/db';

// Roles and fields are arrays of small subdocuments inside the template (no nested arrays, decision 013):
// a template is read and saved whole, and at most 500 fields keep it far below a document's limit.
const roleSchema = new Schema(
  {
    id: { type: String, required: true },
    name: { type: String, required: true },
    kind: { type: String, enum: templateRoleKinds, required: true },
    order: { type: Number, required: true },
  },
  // `id` is the editor's own id of the role, not Mongoose's virtual of `_id`.
  { _id: false, id: false },
);

const fieldSchema = new Schema(
  {
    id: { type: String, required: true },
    page: { type: Number, required: true },
    x: { type: Number, required: true },
    y: { type: Number, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    kind: { type: String, enum: templateFieldKinds, required: true },
    roleId: { type: String, required: true },
    required: { type: Boolean, required: true },
    prefillKey: { type: String, default: undefined },
    label: { type: String, default: undefined },
  },
  { _id: false, id: false },
);

// A signature template: a PDF of the team (its own copy, template-files.ts) with fields placed on its pages.
const documentTemplateSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    name: { type: String, required: true },
    fileId: { type: String, required: true },
    fileName: { type: String, required: true },
    size: { type: Number, required: true },
    pageCount: { type: Number, required: true },
    // Of the PDF as stored: the certificate of a copy signed from this template names it (issue 16).
    sha256: { type: String, required: true },
    roles: { type: [roleSchema], default: [] },
    fields: { type: [fieldSchema], default: [] },
    // Kept beside the arrays so that the list reads neither of them.
    roleCount: { type: Number, required: true },
    fieldCount: { type: Number, required: true },
    // Raised by every save, which must name the revision it started from (a stale one is refused).
    revision: { type: Number, required: true },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    createdByName: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedBy: { type: Schema.Types.ObjectId, required: true },
    // Shown while the account is gone; otherwise the account's current name is.
    updatedByName: { type: String, required: true },
    updatedAt: { type: Date, required: true },
    // Numbered 1, 2, 3 … per team by its counter (template-counters.ts); a block holds 100 numbers, so any
    // page of the list is read by equality on {teamId, block} (decision 013), as the library's.
    seq: { type: Number, required: true },
    block: { type: Number, required: true },
  },
  { versionKey: false },
);
documentTemplateSchema.index({ teamId: 1, block: 1 });

export type StoredTemplateRole = { id: string; name: string; kind: TemplateRoleKind; order: number };
export type StoredTemplateField = {
  id: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  kind: TemplateFieldKind;
  roleId: string;
  required: boolean;
  prefillKey?: string | null;
  label?: string | null;
};

export type StoredDocumentTemplate = {
  _id: Types.ObjectId;
  teamId: number;
  name: string;
  fileId: string;
  fileName: string;
  size: number;
  pageCount: number;
  sha256: string;
  roles: StoredTemplateRole[];
  fields: StoredTemplateField[];
  roleCount: number;
  fieldCount: number;
  revision: number;
  createdBy: Types.ObjectId;
  createdByName: string;
  createdAt: Date;
  updatedBy: Types.ObjectId;
  updatedByName: string;
  updatedAt: Date;
  seq: number;
  block: number;
};
export const DocumentTemplateModel = model('DocumentTemplate', documentTemplateSchema, 'document_templates');
