import type { CurrentUserDto, SessionResponse } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { createSession, findActiveSession, revokeSession } from '../sessions/sessions.service';
import { createPersonalTeam, findOwnedTeamIds, findPersonalTeamId } from '../teams/teams.service';
import type { User } from '../users/user.model';
import { createUser, deleteUser, findUserByCredentials, findUserById, isEmailTaken } from '../users/users.service';
import { sendVerificationMail } from './email-verification.service';
import { recordLoginFailure, waitOutLoginFailures } from './login-failures';

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

/** A new account, signed in at once; the survey flag is set and a verification mail queued. */
export async function signUp(
  input: { name: string; email: string; password: string; locale: 'de' | 'en' },
  userAgent: string,
): Promise<{ token: string; userId: string }> {
  const { user, personalTeamId } = await createAccount(input);
  await sendVerificationMail(user);
  const userId = user._id.toString();
  const { token } = await createSession({ userId, teamId: personalTeamId, isRemembered: false, userAgent });
  return { token, userId };
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
  const userId = user._id.toString();
  const teamId = await findPersonalTeamId(userId);
  const { token } = await createSession({ userId, teamId, isRemembered: input.rememberMe, userAgent });
  return { token, userId };
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
