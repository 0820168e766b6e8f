import type { InferSchemaType } from 'mongoose';
import { model, Schema } from '../../platform/db';

const userSchema = new Schema(
  {
    name: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    passwordHash: { type: String, required: true },
    locale: { type: String, enum: ['de', 'en'], required: true },
    survey: { type: Boolean, required: true, default: true },
    // Null until the link of the verification mail is opened.
    emailVerifiedAt: { type: Date, default: null },
  },
  { timestamps: true },
);

export type User = InferSchemaType<typeof userSchema> & { _id: import('mongoose').Types.ObjectId };
export const UserModel = model('User', userSchema);
