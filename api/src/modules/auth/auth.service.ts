import type { CurrentUserDto, SessionResponse } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createSession, findActiveSession, revokeSession } from '../sessions/sessions.service';
import { createPersonalTeam, findOwnedTeamIds, findPersonalTeamId } from '../teams/teams.service';
import type { User } from '../users/user.model';
import {
  createUser,
  deleteUser,
  findUserByCredentials,
  findUserByEmail,
  findUserById,
  hashPassword,
  isEmailTaken,
} from '../users/users.service';
import { sendVerificationMail } from './email-verification.service';
import { recordLoginFailure, waitOutLoginFailures } from './login-failures';
import { mailAccountExists } from './password-reset.service';

async function toCurrentUser(user: User): Promise<CurrentUserDto> {
  return {
    id: user._id.toString(),
    name: user.name,
    email: user.email,
    locale: user.locale as CurrentUserDto['locale'],
    survey: user.survey,
    emailVerified: user.emailVerifiedAt != null,
    ownedTeamIds: await findOwnedTeamIds(user._id.toString()),
  };
}

/** A user with a personal team. No multi-document transactions on FerretDB: a failed team undoes the user. */
export async function createAccount(input: {
  name: string;
  email: string;
  password: string;
  locale: 'de' | 'en';
  isEmailVerified?: boolean;
}): Promise<{ user: User; personalTeamId: number }> {
  if (await isEmailTaken(input.email)) throw new AppError('EMAIL_TAKEN', 409, 'An account with this email exists');
  const user = await createUser(input);
  try {
    const { teamId } = await createPersonalTeam({ id: user._id.toString(), name: user.name });
    return { user, personalTeamId: teamId };
  } catch (error) {
    await deleteUser(user._id.toString());
    throw error;
  }
}

/**
 * Signs up without telling whether the address has an account (issue 12): a new address gets an
 * account and a verification link that signs it in; the owner of a known one is mailed that someone
 * tried, with a link to choose a new password. Both paths hash the password, so the time tells nothing
 * either.
 */
export async function signUp(input: { name: string; email: string; password: string; locale: 'de' | 'en' }) {
  try {
    const { user } = await createAccount(input);
    await sendVerificationMail(user);
  } catch (error) {
    // Taken before (EMAIL_TAKEN), or by the same address signing up at the same moment (duplicate key).
    const isRaced = isDuplicateKey(error);
    const isTaken = isRaced || (error instanceof AppError && error.code === 'EMAIL_TAKEN');
    const owner = isTaken ? await findUserByEmail(input.email) : null;
    if (!owner) throw error;
    // A raced sign-up hashed the password already; otherwise it is spent here, to take as long.
    if (!isRaced) await hashPassword(input.password);
    await mailAccountExists(owner);
  }
}

/**
 * Signs in with email and password. Failed tries slow further ones to the account down, except from a
 * browser that signed in to it before (`knownUserId`, login-failures.ts); they never lock it.
 */
export async function logIn(
  input: { email: string; password: string; rememberMe: boolean },
  { userAgent, knownUserId }: { userAgent: string; knownUserId: string | undefined },
): Promise<{ token: string; userId: string }> {
  await waitOutLoginFailures(input.email, knownUserId);
  const user = await findUserByCredentials(input.email, input.password);
  if (!user) {
    await recordLoginFailure(input.email);
    throw new AppError('INVALID_CREDENTIALS', 401, 'Email or password is wrong');
  }
  if (!user.emailVerifiedAt) {
    // Only the one who knows the password learns this; the link that confirms the address signs in.
    await sendVerificationMail(user);
    throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Confirm the email address first; a new link is on its way');
  }
  const userId = user._id.toString();
  return { token: await signInAs(userId, { isRemembered: input.rememberMe, userAgent }), userId };
}

/** A new session of the user in their personal team. */
export async function signInAs(
  userId: string,
  { isRemembered, userAgent }: { isRemembered: boolean; userAgent: string },
): Promise<string> {
  const teamId = await findPersonalTeamId(userId);
  const { token } = await createSession({ userId, teamId, isRemembered, userAgent });
  return token;
}

/** The live session of a token as the UI sees it, or null when it is missing, expired or revoked. */
export async function findSessionView(
  token: string | undefined,
): Promise<(SessionResponse & { isRemembered: boolean }) | null> {
  const session = token ? await findActiveSession(token) : null;
  const user = session ? await findUserById(session.userId.toString()) : null;
  if (!session || !user) return null;
  return { teamId: session.teamId, user: await toCurrentUser(user), isRemembered: session.isRemembered };
}

export async function logOut(token: string | undefined): Promise<void> {
  if (token) await revokeSession(token);
}
