import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

const userSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    // Null for an account made by a Google sign-in, until a password is set through "forgot password".
    passwordHash: { type: String, default: null },
    locale: { type: String, enum: ['de', 'en'], required: true },
    survey: { type: Boolean, required: true, default: true },
    // Null until the link of the verification mail is opened.
    emailVerifiedAt: { type: Date, default: null },
    // The last sign-in that opened a session; null before the first (which is no news to mail about).
    lastSignInAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type User = InferSchemaType<typeof userSchema> & { _id: import('mongoose').Types.ObjectId };
export const UserModel = model('User', userSchema);
