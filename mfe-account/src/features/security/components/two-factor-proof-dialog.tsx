import type { TwoFactorProof } from '@formwerk/contracts';
import { Button, ModalDialog } from '@formwerk/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from '../api/security-queries';
import { toSecurityErrorKey } from '../utils/error-key';
import { RecoveryCodesView } from './recovery-codes-view';

export type ProofPurpose = 'disable' | 'regenerate';

type TwoFactorProofDialogProps = {
  purpose: ProofPurpose | null;
  /** Without a password (an account made by Google sign-in), only a code proves it is the owner. */
  hasPassword: boolean;
  onClose: () => void;
  onDisabled: () => void;
};

/**
 * Turning two-factor sign-in off, or new recovery codes: both ask again who is there, by the password or
 * a code of the app (or a recovery code). New codes are shown this once; the old ones stop working.
 */
export function TwoFactorProofDialog({ purpose, hasPassword, onClose, onDisabled }: TwoFactorProofDialogProps) {
  const { t } = useTranslation('account');
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [usesCode, setUsesCode] = useState(!hasPassword);
  const change = purpose === 'disable' ? disable : regenerate;
  const { reset: resetDisable } = disable;
  const { reset: resetRegenerate } = regenerate;

  useEffect(() => {
    if (purpose !== null) return;
    resetDisable();
    resetRegenerate();
    setUsesCode(!hasPassword);
  }, [purpose, hasPassword, resetDisable, resetRegenerate]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = String(new FormData(form).get('proof') ?? '');
    const proof: TwoFactorProof = usesCode ? { code: value } : { password: value };
    if (purpose === 'disable') disable.mutate(proof, { onSuccess: onDisabled, onError: () => form.reset() });
    else regenerate.mutate(proof, { onError: () => form.reset() });
  };

  return (
    <ModalDialog
      isOpen={purpose !== null}
      title={t(purpose === 'disable' ? 'security.proof.disableTitle' : 'security.proof.regenerateTitle')}
      onClose={onClose}
    >
      {regenerate.data ? (
        <>
          <RecoveryCodesView codes={regenerate.data.recoveryCodes} />
          <div className="ui-dialog__actions">
            <Button onClick={onClose}>{t('security.setup.finish')}</Button>
          </div>
        </>
      ) : (
        <form className="security-setup" onSubmit={onSubmit}>
          <p>{t(purpose === 'disable' ? 'security.proof.disableText' : 'security.proof.regenerateText')}</p>
          <label className="ui-field">
            {t(usesCode ? 'security.proof.code' : 'security.proof.password')}
            <input
              key={usesCode ? 'code' : 'password'}
              name="proof"
              type={usesCode ? 'text' : 'password'}
              required
              maxLength={usesCode ? 40 : 200}
              autoComplete={usesCode ? 'one-time-code' : 'current-password'}
              spellCheck={false}
              autoCapitalize="off"
            />
          </label>
          {hasPassword ? (
            <Button variant="ghost" onClick={() => setUsesCode(!usesCode)}>
              {t(usesCode ? 'security.proof.usePassword' : 'security.proof.useCode')}
            </Button>
          ) : null}
          {change.error ? (
            <p role="alert" className="ui-error">
              {t(toSecurityErrorKey(change.error))}
            </p>
          ) : null}
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
            <Button type="submit" disabled={change.isPending}>
              {t(purpose === 'disable' ? 'security.proof.disableSubmit' : 'security.proof.regenerateSubmit')}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
