import { isDuplicateKey } from '../../platform/db';
import { type LinkedAccount, LinkedAccountModel } from './linked-account.model';

const googleIdOf = (subject: string) => `google:${subject}`;

/** The user that the Google account `subject` signs in to, when it is linked to one. */
export async function findUserIdOfGoogleAccount(subject: string): Promise<string | null> {
  const linked = await LinkedAccountModel.findById(googleIdOf(subject)).lean<LinkedAccount>();
  return linked ? linked.userId.toString() : null;
}

/**
 * Links the Google account `subject` to the user; answers the user it is linked to, which is another one
 * only when a sign-in at the same moment linked it first.
 */
export async function linkGoogleAccount(input: { userId: string; subject: string; email: string }): Promise<string> {
  try {
    await LinkedAccountModel.create({
      _id: googleIdOf(input.subject),
      provider: 'google',
      subject: input.subject,
      userId: input.userId,
      email: input.email,
    });
    return input.userId;
  } catch (error) {
    const linkedUserId = isDuplicateKey(error) ? await findUserIdOfGoogleAccount(input.subject) : null;
    if (!linkedUserId) throw error;
    return linkedUserId;
  }
}

/** Forgets a link whose user is gone (an account deleted since). */
export async function unlinkGoogleAccount(subject: string): Promise<void> {
  await LinkedAccountModel.deleteOne({ _id: googleIdOf(subject) });
}

export async function isGoogleLinked(userId: string): Promise<boolean> {
  return (await LinkedAccountModel.exists({ userId, provider: 'google' })) !== null;
}
