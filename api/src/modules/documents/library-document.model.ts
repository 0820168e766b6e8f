import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

// A PDF of a team's document library; its bytes are a GridFS file (files module, kind `library`).
const libraryDocumentSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    name: { type: String, required: true },
    fileId: { type: String, required: true },
    size: { type: Number, required: true },
    pageCount: { type: Number, required: true },
    // Of the bytes as uploaded: the certificate of a signed copy names it (issue 16).
    sha256: { type: String, required: true },
    folderId: { type: Schema.Types.ObjectId, default: null },
    uploadedBy: { type: Schema.Types.ObjectId, required: true },
    // Shown while the uploader's account is gone; otherwise the account's current name is.
    uploadedByName: { type: String, required: true },
    uploadedAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    // Numbered 1, 2, 3 … per team by its counter (document_counters); a block holds 100 numbers, so any
    // page of the library is read by equality on {teamId, block} (decision 013).
    seq: { type: Number, required: true },
    block: { type: Number, required: true },
    // `<teamId>:<prefix>` for the prefixes of each word of the name (document-search.ts): a search looks
    // one of them up by equality, the one index FerretDB answers, scoped to the team by the key itself.
    searchKeys: { type: [String], default: [] },
  },
  { versionKey: false },
);
libraryDocumentSchema.index({ teamId: 1, block: 1 });
libraryDocumentSchema.index({ teamId: 1, folderId: 1 });
libraryDocumentSchema.index({ searchKeys: 1 });

export type LibraryDocument = {
  _id: Types.ObjectId;
  teamId: number;
  name: string;
  fileId: string;
  size: number;
  pageCount: number;
  sha256: string;
  folderId: Types.ObjectId | null;
  uploadedBy: Types.ObjectId;
  uploadedByName: string;
  uploadedAt: Date;
  updatedAt: Date;
  seq: number;
  block: number;
  searchKeys: string[];
};
export const LibraryDocumentModel = model('LibraryDocument', libraryDocumentSchema, 'documents');
