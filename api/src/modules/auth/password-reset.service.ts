import { AppError } from '../../platform/errors';
import { queueMail } from '../mail/mail.service';
import { revokeAllSessions } from '../sessions/sessions.service';
import type { User } from '../users/user.model';
import { findUserByEmail, findUserById, markEmailVerified, setPassword } from '../users/users.service';
import { issueLinkToken, useLinkToken } from './link-tokens.service';

const resetLinkMs = 3_600_000;

/**
 * Mails a one-hour, single-use reset link when the email has an account. The caller answers the
 * same either way, so the form never tells whether someone is registered.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (!user) return;
  await queueMail({
    kind: 'reset-password',
    to: user.email,
    locale: user.locale,
    name: user.name,
    token: await resetTokenOf(user),
  });
}

/**
 * Someone signed up with the user's address: the owner learns of it (the sign-up itself answered as
 * for a new address) and gets a reset link, which also takes back an address someone else registered.
 */
export async function mailAccountExists(user: User): Promise<void> {
  await queueMail({
    kind: 'account-exists',
    to: user.email,
    locale: user.locale,
    name: user.name,
    token: await resetTokenOf(user),
  });
}

function resetTokenOf(user: User): Promise<string> {
  return issueLinkToken({ purpose: 'reset-password', userId: user._id.toString(), validForMs: resetLinkMs });
}

/**
 * Sets the new password and signs the user out everywhere; the caller signs this browser in afresh
 * (auth.service `beginSession`: the link proves the mailbox, not the second factor). The link came by
 * mail, so the address counts as confirmed.
 */
export async function resetPassword(input: { token: string; password: string }): Promise<User> {
  const userId = await useLinkToken('reset-password', input.token);
  if (!userId) throw new AppError('LINK_INVALID', 400, 'The reset link is invalid, used or expired');
  await setPassword(userId, input.password);
  await markEmailVerified(userId);
  await revokeAllSessions(userId);
  const user = await findUserById(userId);
  if (!user) throw new AppError('LINK_INVALID', 400, 'The reset link is invalid, used or expired');
  return user;
}
