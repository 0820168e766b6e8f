import type { InferSchemaType, Types } from 'mongoose';
import { model, Schema } from '../../platform/db';

// One document per account that has begun a setup, found by the user's id alone (decision 013), so every
// change is a single-document update.
const twoFactorSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    // The authenticator app's secret, sealed (sealed-values.ts); null while two-factor sign-in is off.
    secret: { type: String, default: null },
    enabledAt: { type: Date, default: null },
    // The time step of the last code accepted: codes of it and of earlier steps are refused (replay).
    lastUsedStep: { type: Number, required: true, default: 0 },
    // Keyed hashes of the recovery codes not used yet (recovery-codes.ts).
    recoveryCodeHashes: { type: [String], default: [] },
    // A new app's secret, sealed, until its first code confirms it.
    pendingSecret: { type: String, default: null },
    pendingSince: { type: Date, default: null },
  },
  { timestamps: true },
);

export type TwoFactor = InferSchemaType<typeof twoFactorSchema> & { _id: Types.ObjectId };
export const TwoFactorModel = model('TwoFactor', twoFactorSchema);
