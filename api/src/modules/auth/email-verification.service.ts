import { queueMail } from '../mail/mail.service';
import type { User } from '../users/user.model';
import { findUserByEmail, findUserById, markEmailVerified } from '../users/users.service';
import { issueLinkToken, revokeLinkTokens, useLinkToken } from './link-tokens.service';

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

/** A new link to the address when it has an account not confirmed yet; nothing otherwise. */
export async function resendVerificationMail(email: string): Promise<void> {
  const user = await findUserByEmail(email);
  if (user) await sendVerificationMail(user);
}

/** The user of a valid link, whose address then counts as verified; null for a used or unknown link. */
export async function verifyEmail(token: string): Promise<User | null> {
  const userId = await useLinkToken('verify-email', token);
  if (!userId) return null;
  await markEmailVerified(userId);
  // The links sent again meanwhile would each sign in too: the address is confirmed, they are done.
  await revokeLinkTokens('verify-email', userId);
  return findUserById(userId);
}
