import type { Types } from 'mongoose';
import { model, Schema } from '../../../platform/db';
import { placedFieldSchema, placedRoleSchema, type StoredPlacedField, type StoredPlacedRole } from '../placed-fields';

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
    roles: { type: [placedRoleSchema], default: [] },
    fields: { type: [placedFieldSchema], default: [] },
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

export type StoredDocumentTemplate = {
  _id: Types.ObjectId;
  teamId: number;
  name: string;
  fileId: string;
  fileName: string;
  size: number;
  pageCount: number;
  sha256: string;
  roles: StoredPlacedRole[];
  fields: StoredPlacedField[];
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
