import type { CurrentUserDto, SessionResponse, SignInMethod, TwoFactorSetup } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { recordFailedSecondStep, recordSignIn, type SignInClient } from '../security/sign-in-history.service';
import {
  beginTwoFactorSetup,
  confirmTwoFactorSetup,
  isTwoFactorEnabled,
  type SecondFactor,
  secondFactorKindOf,
  useSecondFactor,
} from '../security/two-factor.service';
import { createSession, findActiveSession, revokeSession } from '../sessions/sessions.service';
import { isSignInOutsideSsoBlocked } from '../sso/sso-enforcement.service';
import {
  createPersonalTeam,
  findOwnedTeamIds,
  findPersonalTeamId,
  isTwoFactorRequiredFor,
} from '../teams/teams.service';
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
import type { SignInChallenge } from './sign-in-challenge';

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
  password: string | null;
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
 * Checks email and password, the first step of a sign-in (`beginSession` is the next). Failed tries slow
 * further ones to the account down, except from a browser that signed in to it before (`knownUserId`,
 * login-failures.ts); they never lock it.
 */
export async function logIn(
  input: { email: string; password: string },
  { knownUserId }: { knownUserId: string | undefined },
): Promise<User> {
  await waitOutLoginFailures(input.email, knownUserId);
  const user = await findUserByCredentials(input.email, input.password);
  if (!user) {
    await recordLoginFailure(input.email);
    throw new AppError('INVALID_CREDENTIALS', 401, 'Email or password is wrong');
  }
  // After the password: only who knows it learns that the domain signs in through its provider.
  if (await isSignInOutsideSsoBlocked({ email: user.email, userId: user._id.toString() })) {
    throw new AppError('SSO_REQUIRED', 403, 'This address signs in with single sign-on (/sso)');
  }
  if (!user.emailVerifiedAt) {
    // Only the one who knows the password learns this; the link that confirms the address signs in.
    await sendVerificationMail(user);
    throw new AppError('EMAIL_NOT_VERIFIED', 403, 'Confirm the email address first; a new link is on its way');
  }
  return user;
}

/** How a sign-in goes on: a session, or a step still missing (whose challenge the browser keeps). */
export type SignInOutcome =
  | { kind: 'session'; token: string; userId: string }
  | { kind: 'step'; challenge: SignInChallenge };

type SignInContext = {
  method: SignInMethod;
  isRemembered: boolean;
  client: SignInClient;
  /** The team the session opens in (single sign-on's team); the personal team otherwise. */
  teamId?: number;
};

/**
 * After a first step that proved the account (password, Google, a mailed link): a session, unless the
 * account has two-factor sign-in on (its code comes next), or a team it owns or administers requires it and
 * it has none (it sets one up first). Every sign-in path goes through here, so none skips the second step.
 */
export async function beginSession(user: User, context: SignInContext): Promise<SignInOutcome> {
  const { method, isRemembered } = context;
  const userId = user._id.toString();
  const challenge = { userId, email: user.email, method, isRemembered };
  if (await isTwoFactorEnabled(userId)) return { kind: 'step', challenge: { ...challenge, step: 'two-factor' } };
  if (await isTwoFactorRequiredFor(userId)) {
    return { kind: 'step', challenge: { ...challenge, step: 'enrol-two-factor' } };
  }
  return { kind: 'session', token: await openSession(user, context, null), userId };
}

async function openSession(user: User, context: SignInContext, secondFactor: SecondFactor | null): Promise<string> {
  const token = await signInAs(user._id.toString(), {
    isRemembered: context.isRemembered,
    userAgent: context.client.userAgent,
    teamId: context.teamId,
  });
  await recordSignIn(user, { method: context.method, secondFactor, client: context.client });
  return token;
}

async function userOfChallenge(challenge: SignInChallenge): Promise<User> {
  const user = await findUserById(challenge.userId);
  if (!user) throw new AppError('SIGN_IN_STEP_EXPIRED', 401, 'The sign-in is over; sign in again');
  return user;
}

/**
 * The second step: the code of the account's app or a recovery code, each good once. A wrong one counts as
 * a failed sign-in of the account (slowing further tries, login-failures.ts) and shows in its history.
 */
export async function completeSecondStep(
  challenge: SignInChallenge,
  code: string,
  client: SignInClient,
  log: Logger,
): Promise<string> {
  await waitOutLoginFailures(challenge.email, client.isKnownDevice ? challenge.userId : undefined);
  const secondFactor = await useSecondFactor(challenge.userId, code);
  const context = { method: challenge.method, isRemembered: challenge.isRemembered, client };
  if (!secondFactor) {
    const tried = secondFactorKindOf(code);
    log.warn(
      { userId: challenge.userId, tried, method: challenge.method },
      'sign-in refused: wrong, used or expired two-factor code',
    );
    await recordLoginFailure(challenge.email);
    await recordFailedSecondStep(challenge.userId, { ...context, secondFactor: tried });
    throw new AppError('TWO_FACTOR_CODE_INVALID', 400, 'The code is wrong, used or expired');
  }
  return openSession(await userOfChallenge(challenge), context, secondFactor);
}

/** The app setup that a team's requirement asks for before the first session. */
export async function beginRequiredSetup(challenge: SignInChallenge): Promise<TwoFactorSetup> {
  return beginTwoFactorSetup(challenge.userId, challenge.email);
}

/** Confirms the required setup with the app's first code; the session follows, with the recovery codes. */
export async function completeRequiredSetup(
  challenge: SignInChallenge,
  code: string,
  client: SignInClient,
  log: Logger,
): Promise<{ token: string; recoveryCodes: string[] }> {
  const recoveryCodes = await confirmTwoFactorSetup(challenge.userId, code, log);
  const context = { method: challenge.method, isRemembered: challenge.isRemembered, client };
  return { token: await openSession(await userOfChallenge(challenge), context, 'totp'), recoveryCodes };
}

/** A new session of the user in `teamId`, which they belong to, or else their personal team. */
export async function signInAs(
  userId: string,
  { isRemembered, userAgent, teamId: chosenTeamId }: { isRemembered: boolean; userAgent: string; teamId?: number },
): Promise<string> {
  const teamId = chosenTeamId ?? (await findPersonalTeamId(userId));
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
