import type { TwoFactorProof, TwoFactorSetup } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { isTwoFactorRequiredFor } from '../teams/teams.service';
import { isPasswordOf } from '../users/users.service';
import { createRecoveryCodes, hashRecoveryCode } from './recovery-codes';
import { openSealedValue, sealValue } from './sealed-values';
import { createTotpSecret, describeTotpSecret, matchTotpCode } from './totp';
import { type TwoFactor, TwoFactorModel } from './two-factor.model';

const sealPurpose = 'totp secret';
// Long enough to find the phone and scan; a setup left open longer starts over.
const setupValidMs = 15 * 60_000;

export type SecondFactor = 'totp' | 'recovery-code';

const findTwoFactor = (userId: string) => TwoFactorModel.findById(userId).lean<TwoFactor>();

function openSecret(userId: string, sealed: string): string {
  const secret = openSealedValue(sealPurpose, sealed);
  // Only a changed server secret does this; loud, since the account's owner can no longer pass the step.
  if (secret === null)
    throw new Error(`The two-factor secret of user ${userId} does not open: was SERVER_SECRET changed?`);
  return secret;
}

export async function isTwoFactorEnabled(userId: string): Promise<boolean> {
  return (await findTwoFactor(userId))?.enabledAt != null;
}

export async function describeTwoFactor(
  userId: string,
): Promise<{ isEnabled: boolean; enabledAt: Date | null; recoveryCodesLeft: number }> {
  const state = await findTwoFactor(userId);
  const enabledAt = state?.enabledAt ?? null;
  return {
    isEnabled: enabledAt !== null,
    enabledAt,
    recoveryCodesLeft: enabledAt ? (state?.recoveryCodeHashes.length ?? 0) : 0,
  };
}

/**
 * Begins setting up an authenticator app: a new secret, kept sealed until its first code confirms it
 * (`confirmTwoFactorSetup`); a setup begun before is replaced. Refused while two-factor sign-in is on.
 */
export async function beginTwoFactorSetup(userId: string, accountName: string): Promise<TwoFactorSetup> {
  if (await isTwoFactorEnabled(userId)) {
    throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409, 'Two-factor sign-in is on already');
  }
  const secret = createTotpSecret();
  const begin = () =>
    TwoFactorModel.updateOne(
      { _id: userId },
      { $set: { pendingSecret: sealValue(sealPurpose, secret), pendingSince: new Date() } },
      { upsert: true },
    );
  // Two first setups at once both try to insert; the second then updates the first one's document.
  await begin().catch((error: unknown) => {
    if (isDuplicateKey(error)) return begin();
    throw error;
  });
  return describeTotpSecret(secret, accountName);
}

/**
 * Turns two-factor sign-in on when `code` is the new app's current code, and answers ten recovery codes
 * (stored only as keyed hashes). The code counts as used.
 */
export async function confirmTwoFactorSetup(userId: string, code: string, log: Logger): Promise<string[]> {
  const state = await findTwoFactor(userId);
  if (state?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', 409, 'Two-factor sign-in is on already');
  const pendingSince = state?.pendingSince?.getTime() ?? 0;
  if (!state?.pendingSecret || Date.now() - pendingSince > setupValidMs) {
    throw new AppError('TWO_FACTOR_SETUP_MISSING', 409, 'No setup of an app in the last 15 minutes');
  }
  const step = await matchTotpCode(openSecret(userId, state.pendingSecret), code, { afterStep: 0 });
  if (step === null) {
    log.warn({ userId }, 'two-factor setup refused: the new app’s code is wrong or expired');
    throw new AppError('TWO_FACTOR_CODE_INVALID', 400, 'The code is wrong or expired');
  }
  const recoveryCodes = createRecoveryCodes();
  // Only the setup that was checked: a newer one begun meanwhile (another tab) is not turned on unseen.
  const result = await TwoFactorModel.updateOne(
    { _id: userId, pendingSecret: state.pendingSecret, enabledAt: null },
    {
      $set: {
        secret: state.pendingSecret,
        enabledAt: new Date(),
        lastUsedStep: step,
        recoveryCodeHashes: recoveryCodes.map((recoveryCode) => hashRecoveryCode(userId, recoveryCode)),
        pendingSecret: null,
        pendingSince: null,
      },
    },
  );
  if (result.modifiedCount !== 1) {
    throw new AppError('TWO_FACTOR_SETUP_MISSING', 409, 'The setup changed meanwhile; begin it again');
  }
  return recoveryCodes;
}

/**
 * Uses up a second factor of the user: the app's code of a step not used yet, or a recovery code not used
 * yet. Null when the code is neither (or two-factor sign-in is off). Each is good once, also when the same
 * code arrives twice at the same moment: only the update that takes it succeeds.
 */
export async function useSecondFactor(userId: string, typed: string): Promise<SecondFactor | null> {
  const state = await findTwoFactor(userId);
  if (!state?.enabledAt || !state.secret) return null;
  const code = typed.replace(/\s+/g, '');
  if (/^\d{6}$/.test(code)) {
    const step = await matchTotpCode(openSecret(userId, state.secret), code, { afterStep: state.lastUsedStep });
    if (step === null) return null;
    const taken = await TwoFactorModel.updateOne(
      { _id: userId, lastUsedStep: state.lastUsedStep },
      { $set: { lastUsedStep: step } },
    );
    return taken.modifiedCount === 1 ? 'totp' : null;
  }
  const hash = hashRecoveryCode(userId, code);
  if (!state.recoveryCodeHashes.includes(hash)) return null;
  // The hash in the filter too: of two uses at once only the first finds it. The count of changes alone
  // would not tell, as every update sets `updatedAt` (the schema's timestamps).
  const used = await TwoFactorModel.updateOne(
    { _id: userId, recoveryCodeHashes: hash },
    { $pull: { recoveryCodeHashes: hash } },
  );
  return used.modifiedCount === 1 ? 'recovery-code' : null;
}

/** What the typed code would be taken as, for the history of a failed try. */
export const secondFactorKindOf = (typed: string): SecondFactor =>
  /^\d{6}$/.test(typed.replace(/\s+/g, '')) ? 'totp' : 'recovery-code';

/** Proves that the signed-in person is the account's owner by its password or a second factor (used up). */
async function requireProof(userId: string, proof: TwoFactorProof, log: Logger): Promise<void> {
  if ('password' in proof) {
    if (!(await isPasswordOf(userId, proof.password))) {
      log.warn({ userId }, 'two-factor change refused: wrong password');
      throw new AppError('WRONG_PASSWORD', 400, 'The password is wrong', { issues: [{ path: ['password'] }] });
    }
    return;
  }
  if (!(await useSecondFactor(userId, proof.code))) {
    log.warn(
      { userId, tried: secondFactorKindOf(proof.code) },
      'two-factor change refused: wrong, used or expired code',
    );
    throw new AppError('TWO_FACTOR_CODE_INVALID', 400, 'The code is wrong, used or expired');
  }
}

async function requireEnabled(userId: string): Promise<void> {
  if (!(await isTwoFactorEnabled(userId))) {
    throw new AppError('TWO_FACTOR_NOT_ENABLED', 409, 'Two-factor sign-in is off');
  }
}

/** Ten new recovery codes in place of the old ones, after the password or a code. */
export async function regenerateRecoveryCodes(userId: string, proof: TwoFactorProof, log: Logger): Promise<string[]> {
  await requireEnabled(userId);
  await requireProof(userId, proof, log);
  const recoveryCodes = createRecoveryCodes();
  await TwoFactorModel.updateOne(
    { _id: userId },
    { $set: { recoveryCodeHashes: recoveryCodes.map((recoveryCode) => hashRecoveryCode(userId, recoveryCode)) } },
  );
  return recoveryCodes;
}

/**
 * Turns two-factor sign-in off after the password or a code: the secret and the recovery codes are gone.
 * Refused while a team the user owns or administers requires it.
 */
export async function disableTwoFactor(userId: string, proof: TwoFactorProof, log: Logger): Promise<void> {
  await requireEnabled(userId);
  if (await isTwoFactorRequiredFor(userId)) {
    throw new AppError('TWO_FACTOR_REQUIRED_BY_TEAM', 409, 'A team of yours requires two-factor sign-in');
  }
  await requireProof(userId, proof, log);
  await TwoFactorModel.deleteOne({ _id: userId });
}
