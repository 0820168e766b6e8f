import { queueMail } from '../mail/mail.service';
import type { User } from '../users/user.model';
import { findUserById, markEmailVerified } from '../users/users.service';
import { issueLinkToken, useLinkToken } from './link-tokens.service';

const verificationLinkMs = 7 * 24 * 3_600_000;

/** Mails the user a link that proves the address is theirs; nothing when it is proven already. */
export async function sendVerificationMail(user: User): Promise<void> {
  if (user.emailVerifiedAt) return;
  const token = await issueLinkToken({
    purpose: 'verify-email',
    userId: user._id.toString(),
    validForMs: verificationLinkMs,
  });
  await queueMail({ kind: 'verify-email', to: user.email, locale: user.locale, name: user.name, token });
}

export async function resendVerificationMail(userId: string): Promise<void> {
  const user = await findUserById(userId);
  if (user) await sendVerificationMail(user);
}

/** True when the link was valid; the address then counts as verified. */
export async function verifyEmail(token: string): Promise<boolean> {
  const userId = await useLinkToken('verify-email', token);
  if (!userId) return false;
  await markEmailVerified(userId);
  return true;
}
