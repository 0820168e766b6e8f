import type { Types } from 'mongoose';
import { model, Schema } from '../../../platform/db';

/**
 * Which request a link belongs to, `_id` being the SHA-256 of the link's token: a link is found by
 * equality on `_id`. A list of the hashes inside the request would not do: FerretDB indexes an array
 * as one value, and fifty hashes pass PostgreSQL's limit for an index entry (2 704 bytes). The request
 * stays the authority: a link works while one of its recipients, not replaced, has that hash.
 */
const signingLinkSchema = new Schema(
  {
    _id: { type: String, required: true },
    requestId: { type: Schema.Types.ObjectId, required: true },
  },
  { versionKey: false },
);
// A request's links, for taking them all away with it.
signingLinkSchema.index({ requestId: 1 });

export type SigningLink = { _id: string; requestId: Types.ObjectId };
export const SigningLinkModel = model('SigningLink', signingLinkSchema, 'signing_links');
