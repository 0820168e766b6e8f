import type { LoginError } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { isSignInOutsideSsoBlocked } from '../sso/sso-enforcement.service';
import type { User } from '../users/user.model';
import { claimUnverifiedAccount, findUserByEmail, findUserById } from '../users/users.service';
import { createAccount } from './auth.service';
import { type GoogleChecks, type GoogleIdentity, identifyGoogleUser, isCancelledAtGoogle } from './google-client';
import { revokeLinkTokens } from './link-tokens.service';
import { findUserIdOfGoogleAccount, linkGoogleAccount, unlinkGoogleAccount } from './linked-accounts.service';

export type GoogleSignInResult =
  | { kind: 'refused'; error: LoginError }
  | { kind: 'identified'; user: User; isNewAccount: boolean };

/**
 * Who a Google sign-in's callback signs in to, after every check of Google's answer (google-client.ts):
 * the account linked to the Google account (`sub`); else the account of its address, which is linked
 * now; else a new, confirmed account with a personal team. Only an address Google has verified links or
 * makes an account, and none whose domain a team makes sign in through single sign-on. A refusal
 * changes nothing and says why in one log line.
 */
export async function identifyGoogleSignIn(
  { query, checks, locale }: { query: string; checks: GoogleChecks; locale: 'de' | 'en' },
  log: Logger,
): Promise<GoogleSignInResult> {
  let identity: GoogleIdentity;
  try {
    identity = await identifyGoogleUser(query, checks);
  } catch (error) {
    if (isCancelledAtGoogle(error)) {
      log.info('Google sign-in cancelled at Google');
      return { kind: 'refused', error: 'google-cancelled' };
    }
    log.warn({ err: error }, 'Google sign-in refused: its answer failed a check');
    return { kind: 'refused', error: 'google-failed' };
  }
  if (!identity.email || !identity.isEmailVerified) {
    log.warn({ subject: identity.subject }, 'Google sign-in refused: Google has not verified the address');
    return { kind: 'refused', error: 'google-unverified' };
  }
  const email = identity.email.trim().toLowerCase();
  const linked = await findLinkedUser(identity.subject);
  const existing = linked ? null : await findUserByEmail(email);
  // An account's own address decides (a linked Google account's may have changed since).
  const account = linked ?? existing;
  if (await isSignInOutsideSsoBlocked({ email: account?.email ?? email, userId: account?._id.toString() ?? null })) {
    log.warn({ subject: identity.subject }, 'Google sign-in refused: the address signs in with single sign-on');
    return { kind: 'refused', error: 'sso-required' };
  }
  if (linked) return { kind: 'identified', user: linked, isNewAccount: false };
  if (existing)
    return { kind: 'identified', user: await linkExisting(existing, { ...identity, email }), isNewAccount: false };
  return createFromGoogle({ ...identity, email }, locale);
}

async function findLinkedUser(subject: string): Promise<User | null> {
  const userId = await findUserIdOfGoogleAccount(subject);
  if (!userId) return null;
  const user = await findUserById(userId);
  if (!user) await unlinkGoogleAccount(subject);
  return user;
}

async function createFromGoogle(
  identity: GoogleIdentity & { email: string },
  locale: 'de' | 'en',
): Promise<GoogleSignInResult> {
  try {
    const { user } = await createAccount({
      name: (identity.name?.trim() || identity.email.split('@')[0] || identity.email).slice(0, 100),
      email: identity.email,
      password: null,
      locale,
      isEmailVerified: true,
    });
    await linkGoogleAccount({ userId: user._id.toString(), subject: identity.subject, email: identity.email });
    return { kind: 'identified', user, isNewAccount: true };
  } catch (error) {
    // The same address signed up or came through Google at this moment: link to the account it made.
    const isRaced = isDuplicateKey(error) || (error instanceof AppError && error.code === 'EMAIL_TAKEN');
    const raced = isRaced ? await findUserByEmail(identity.email) : null;
    if (!raced) throw error;
    return { kind: 'identified', user: await linkExisting(raced, identity), isNewAccount: false };
  }
}

/**
 * Links the Google account to an account of the same address. One whose address was never confirmed is
 * confirmed by Google's word and loses the password typed at its sign-up (users.service
 * `claimUnverifiedAccount`), and its pending confirmation links end.
 */
async function linkExisting(user: User, identity: GoogleIdentity & { email: string }): Promise<User> {
  const userId = user._id.toString();
  if (!user.emailVerifiedAt && (await claimUnverifiedAccount(userId))) await revokeLinkTokens('verify-email', userId);
  const linkedUserId = await linkGoogleAccount({ userId, subject: identity.subject, email: identity.email });
  const linkedUser = await findUserById(linkedUserId);
  if (!linkedUser) throw new Error(`Google account ${identity.subject} is linked to a user that is gone`);
  return linkedUser;
}
