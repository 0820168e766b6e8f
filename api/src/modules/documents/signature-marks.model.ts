import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

// One small document per person with their saved signature and initials; the PNGs are GridFS files
// (files module, kind `signature`). Read and changed by equality on `userId` only (decision 013).
const markSchema = new Schema(
  {
    kind: { type: String, enum: ['drawn', 'typed', 'uploaded'], required: true },
    fileId: { type: String, required: true },
    width: { type: Number, required: true },
    height: { type: Number, required: true },
    typedText: { type: String, default: undefined },
    font: { type: String, default: undefined },
    updatedAt: { type: Date, required: true },
  },
  { _id: false, versionKey: false },
);

const signatureMarksSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    signature: { type: markSchema, default: null },
    initials: { type: markSchema, default: null },
  },
  { versionKey: false },
);
signatureMarksSchema.index({ userId: 1 }, { unique: true });

export type StoredSignatureMark = {
  kind: 'drawn' | 'typed' | 'uploaded';
  fileId: string;
  width: number;
  height: number;
  typedText?: string;
  font?: string;
  updatedAt: Date;
};

export type SignatureMarksRecord = {
  _id: Types.ObjectId;
  userId: Types.ObjectId;
  signature: StoredSignatureMark | null;
  initials: StoredSignatureMark | null;
};

export const SignatureMarksModel = model('SignatureMarks', signatureMarksSchema, 'signature_marks');
