import { Button, ModalDialog } from '@formwerk/ui';
import { type FormEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeginTwoFactorSetup, useConfirmTwoFactorSetup } from '../api/security-queries';
import { toSecurityErrorKey } from '../utils/error-key';
import { RecoveryCodesView } from './recovery-codes-view';

/** "ABCD EFGH …": the key as the apps show it, easier to type four at a time. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Sets up an authenticator app: its QR code (and the key to type in instead), the first code it shows,
 * which turns two-factor sign-in on, then the recovery codes, shown this once.
 */
export function TwoFactorSetupDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const { mutate: beginSetup, reset: resetBegin, data: setup, error: beginError } = useBeginTwoFactorSetup();
  const confirm = useConfirmTwoFactorSetup();
  const { reset: resetConfirm } = confirm;
  const codeInput = useRef<HTMLInputElement>(null);
  // One setup per opening: a second would replace the secret the QR code shows (React runs effects twice
  // in development).
  const hasBegun = useRef(false);

  useEffect(() => {
    if (!isOpen) {
      hasBegun.current = false;
      return;
    }
    if (hasBegun.current) return;
    hasBegun.current = true;
    resetBegin();
    resetConfirm();
    beginSetup();
  }, [isOpen, beginSetup, resetBegin, resetConfirm]);

  useEffect(() => {
    if (setup) codeInput.current?.focus();
  }, [setup]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    confirm.mutate({ code: String(new FormData(form).get('code') ?? '') }, { onError: () => form.reset() });
  };

  const body = () => {
    if (confirm.data) {
      return (
        <>
          <p role="status">{t('security.setup.done')}</p>
          <RecoveryCodesView codes={confirm.data.recoveryCodes} />
          <div className="ui-dialog__actions">
            <Button onClick={onClose}>{t('security.setup.finish')}</Button>
          </div>
        </>
      );
    }
    if (!setup) {
      return (
        <>
          {beginError ? (
            <p role="alert" className="ui-error">
              {t(toSecurityErrorKey(beginError))}
            </p>
          ) : (
            <p role="status">{t('loading')}</p>
          )}
          <div className="ui-dialog__actions">
            <Button variant="secondary" onClick={onClose}>
              {t('confirm.cancel')}
            </Button>
          </div>
        </>
      );
    }
    return (
      <form className="security-setup" onSubmit={onSubmit}>
        <p>{t('security.setup.scan')}</p>
        <img
          className="security-setup__qr"
          src={setup.qrCode}
          alt={t('security.setup.qrAlt')}
          width={180}
          height={180}
        />
        <p>
          {t('security.setup.manualKey')} <code className="security-setup__key">{groupedKey(setup.secret)}</code>
        </p>
        <label className="ui-field">
          {t('security.setup.code')}
          <input
            ref={codeInput}
            name="code"
            required
            autoComplete="one-time-code"
            inputMode="numeric"
            pattern={'\\s*\\d{3}\\s?\\d{3}\\s*'}
            maxLength={8}
            className="security-code-input"
          />
        </label>
        {confirm.error ? (
          <p role="alert" className="ui-error">
            {t(toSecurityErrorKey(confirm.error))}
          </p>
        ) : null}
        <div className="ui-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('confirm.cancel')}
          </Button>
          <Button type="submit" disabled={confirm.isPending}>
            {t(confirm.isPending ? 'saving' : 'security.setup.submit')}
          </Button>
        </div>
      </form>
    );
  };

  return (
    <ModalDialog isOpen={isOpen} title={t('security.setup.title')} onClose={onClose}>
      {body()}
    </ModalDialog>
  );
}
