import { hash, verify } from '@node-rs/argon2';
import { trusted } from '../../platform/db';
import type { User } from './user.model';
import { UserModel } from './user.model';

// argon2id (algorithm 2) with the library's defaults: 19 MiB memory, 2 passes, per OWASP guidance.
const argon2id = { algorithm: 2 } as const;
// Verified when no user has the email, so that a login takes as long either way.
const decoyHash = '$argon2id$v=19$m=19456,t=2,p=1$ROZ+1qYKt+7qHC481kkuxw$i+2MvDgkSjl0dUbzpayRkszD4/YbqBh4UdJ6eckOj4M';

export async function isEmailTaken(email: string): Promise<boolean> {
  return (await UserModel.exists({ email })) !== null;
}

/** A hash of the password as stored; also spent on sign-ups of known addresses, to take as long. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2id);
}

/** A new user; `isEmailVerified` when the email was proven otherwise (an invitation mail's link). */
export async function createUser(input: {
  name: string;
  email: string;
  password: string;
  locale: 'de' | 'en';
  isEmailVerified?: boolean;
}) {
  const passwordHash = await hashPassword(input.password);
  const user = await UserModel.create({
    name: input.name,
    email: input.email,
    passwordHash,
    locale: input.locale,
    emailVerifiedAt: input.isEmailVerified ? new Date() : null,
  });
  return user.toObject() as User;
}

export async function findUserByEmail(email: string): Promise<User | null> {
  return UserModel.findOne({ email }).lean<User>();
}

export async function findUsersByIds(userIds: string[]): Promise<User[]> {
  // Ids from our own documents, never from input: the operator is marked trusted for sanitizeFilter.
  return UserModel.find({ _id: trusted({ $in: userIds }) }).lean<User[]>();
}

export async function markEmailVerified(userId: string): Promise<void> {
  await UserModel.updateOne({ _id: userId, emailVerifiedAt: null }, { $set: { emailVerifiedAt: new Date() } });
}

export async function setPassword(userId: string, password: string): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: { passwordHash: await hashPassword(password) } });
}

export async function deleteUser(userId: string): Promise<void> {
  await UserModel.deleteOne({ _id: userId });
}

export async function findUserById(userId: string): Promise<User | null> {
  return UserModel.findById(userId).lean<User>();
}

/** The user with this email and password, or null; the two failures are indistinguishable. */
export async function findUserByCredentials(email: string, password: string): Promise<User | null> {
  const user = await UserModel.findOne({ email }).lean<User>();
  const isValid = await verify(user?.passwordHash ?? decoyHash, password);
  return user && isValid ? user : null;
}

export async function markSurveyAnswered(userId: string): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: { survey: false } });
}

export async function updateProfile(userId: string, update: { name?: string; locale?: 'de' | 'en' }): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: update });
}

/** Replaces the password when the current one is right; false otherwise. */
export async function changePassword(userId: string, currentPassword: string, newPassword: string): Promise<boolean> {
  const user = await UserModel.findById(userId).lean<User>();
  if (!user || !(await verify(user.passwordHash, currentPassword))) return false;
  await UserModel.updateOne({ _id: userId }, { $set: { passwordHash: await hashPassword(newPassword) } });
  return true;
}
