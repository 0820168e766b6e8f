import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

const documentFolderSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    name: { type: String, required: true },
    // The name in lower case: unique per team, so "Verträge" and "verträge" cannot both exist.
    nameKey: { type: String, required: true },
    // Moved by `$inc` with every document that enters or leaves (decision 013: stored, never counted).
    documentCount: { type: Number, default: 0 },
    createdBy: { type: Schema.Types.ObjectId, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);
documentFolderSchema.index({ teamId: 1, nameKey: 1 }, { unique: true });

export type DocumentFolder = {
  _id: Types.ObjectId;
  teamId: number;
  name: string;
  nameKey: string;
  documentCount: number;
  createdBy: Types.ObjectId;
  createdAt: Date;
};
export const DocumentFolderModel = model('DocumentFolder', documentFolderSchema, 'document_folders');
