import type { Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

// A document of a team's library shared beyond the library's own page: with a person by address, a
// group of the team, or as a link. `recipientKey` is what "Shared with me" looks up by equality (one
// key per address and per group a person is in), and what a link's token is found by (its hash).
const documentShareSchema = new Schema(
  {
    teamId: { type: Number, required: true },
    documentId: { type: Schema.Types.ObjectId, required: true },
    kind: { type: String, enum: ['person', 'group', 'link'], required: true },
    /** `email:<address>`, `group:<id>` or `link:<sha256 of the token>`. */
    recipientKey: { type: String, required: true },
    email: { type: String, default: null },
    groupId: { type: Schema.Types.ObjectId, default: null },
    expiresAt: { type: Date, default: null },
    sharedBy: { type: Schema.Types.ObjectId, required: true },
    sharedByName: { type: String, required: true },
    sharedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// One share per document and recipient: sharing again with the same person or group changes nothing.
documentShareSchema.index({ documentId: 1, recipientKey: 1 }, { unique: true });
documentShareSchema.index({ recipientKey: 1 });

export type DocumentShareRecord = {
  _id: Types.ObjectId;
  teamId: number;
  documentId: Types.ObjectId;
  kind: 'person' | 'group' | 'link';
  recipientKey: string;
  email: string | null;
  groupId: Types.ObjectId | null;
  expiresAt: Date | null;
  sharedBy: Types.ObjectId;
  sharedByName: string;
  sharedAt: Date;
};
export const DocumentShareModel = model('DocumentShare', documentShareSchema, 'document_shares');
