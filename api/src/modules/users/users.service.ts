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

/**
 * A new user; `isEmailVerified` when the email was proven otherwise (an invitation mail's link, Google's
 * word). Without a password (null) it signs in only through Google until one is set.
 */
export async function createUser(input: {
  name: string;
  email: string;
  password: string | null;
  locale: 'de' | 'en';
  isEmailVerified?: boolean;
}) {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  // The unique index on the address must exist before the first account, or two sign-ups of one
  // address at the same moment (on a new database) could both get in.
  await UserModel.init();
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

/**
 * The address of an account never confirmed is proven now by someone else than its sign-up (Google's
 * word): it counts as confirmed, and the password typed at sign-up is dropped, since nothing shows that
 * the one who typed it owns the address (a sign-up in a stranger's name would keep a way in). False when
 * the account was confirmed meanwhile, and then nothing changes.
 */
export async function claimUnverifiedAccount(userId: string): Promise<boolean> {
  const result = await UserModel.updateOne(
    { _id: userId, emailVerifiedAt: null },
    { $set: { emailVerifiedAt: new Date(), passwordHash: null } },
  );
  return result.modifiedCount === 1;
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

/**
 * The user with this email and password, or null; the failures (no account, no password, a wrong one)
 * are indistinguishable, in the answer and in the time it takes.
 */
export async function findUserByCredentials(email: string, password: string): Promise<User | null> {
  const user = await UserModel.findOne({ email }).lean<User>();
  const isValid = await verify(user?.passwordHash ?? decoyHash, password);
  return user?.passwordHash && isValid ? user : null;
}

/** Whether `password` is the user's; false for an account without one. */
export async function isPasswordOf(userId: string, password: string): Promise<boolean> {
  const user = await UserModel.findById(userId, { passwordHash: 1 }).lean<Pick<User, 'passwordHash'>>();
  return user?.passwordHash ? verify(user.passwordHash, password) : false;
}

export async function markSurveyAnswered(userId: string): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: { survey: false } });
}

export async function updateProfile(userId: string, update: { name?: string; locale?: 'de' | 'en' }): Promise<void> {
  await UserModel.updateOne({ _id: userId }, { $set: update });
}

/** Replaces the password when the current one is right; false otherwise (and for an account without one). */
export async function changePassword(userId: string, currentPassword: string, newPassword: string): Promise<boolean> {
  if (!(await isPasswordOf(userId, currentPassword))) return false;
  await UserModel.updateOne({ _id: userId }, { $set: { passwordHash: await hashPassword(newPassword) } });
  return true;
}

/** Notes a sign-in that opened a session; answers when the one before was, null for the first. */
export async function markSignedIn(userId: string, at: Date): Promise<Date | null> {
  const before = await UserModel.findOneAndUpdate(
    { _id: userId },
    { $set: { lastSignInAt: at } },
    // No projection: FerretDB v1 does not implement one on findAndModify.
    { new: false, lean: true },
  );
  return before?.lastSignInAt ?? null;
}
