import type { TwoFactorSetup } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beginRequiredSetup, confirmRequiredSetup } from '../api/session-api';
import { isSignInOver, toMessageKey } from '../utils/login-errors';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type RequiredSetupStepProps = {
  onSignedIn: () => void;
  onRestart: (errorKey?: string) => void;
};

/** "ABCD EFGH …": the key as apps show it, easier to type in four at a time. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * A team this account owns or administers requires two-step verification and the account has none: the
 * sign-in sets it up before any session exists. The app's QR code (and the key to type in), its first
 * code, then the recovery codes, shown this once; the session is open from the code on.
 */
export function RequiredSetupStep({ onSignedIn, onRestart }: RequiredSetupStepProps) {
  const { t } = useTranslation('marketing');
  const heading = useRef<HTMLHeadingElement>(null);
  const hasBegun = useRef(false);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [loadErrorKey, setLoadErrorKey] = useState<string | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    // Once per step: a second setup would replace the secret the QR code shows (React runs effects twice
    // in development).
    if (hasBegun.current) return;
    hasBegun.current = true;
    beginRequiredSetup().then(setSetup, (error: unknown) => {
      if (isSignInOver(error)) onRestart(toMessageKey(error));
      else setLoadErrorKey(toMessageKey(error));
    });
  }, [onRestart]);

  if (recoveryCodes) return <RecoveryCodesPanel codes={recoveryCodes} onContinue={onSignedIn} />;
  const shownErrorKey = loadErrorKey ?? errorKey;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setIsSubmitting(true);
    setErrorKey(null);
    try {
      const answer = await confirmRequiredSetup(String(new FormData(form).get('code') ?? ''));
      setRecoveryCodes(answer.recoveryCodes);
    } catch (error) {
      if (isSignInOver(error)) {
        onRestart(toMessageKey(error));
        return;
      }
      setErrorKey(toMessageKey(error));
      form.reset();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="login-dialog__form" onSubmit={onSubmit}>
      <h2 id="login-dialog-title" ref={heading} tabIndex={-1}>
        {t('login.setup.title')}
      </h2>
      <p className="login-dialog__text">{t('login.setup.text')}</p>
      {setup ? (
        <>
          <img className="login-dialog__qr" src={setup.qrCode} alt={t('login.setup.qrAlt')} width={180} height={180} />
          <p className="login-dialog__text">
            {t('login.setup.manualKey')} <code className="login-dialog__key">{grouped(setup.secret)}</code>
          </p>
          <label>
            {t('login.setup.code')}
            <input
              name="code"
              required
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern={'\\s*\\d{3}\\s?\\d{3}\\s*'}
              maxLength={8}
              className="login-dialog__code"
            />
          </label>
        </>
      ) : loadErrorKey ? null : (
        <p role="status">{t('login.setup.loading')}</p>
      )}
      {shownErrorKey ? (
        <p className="login-dialog__error" role="alert">
          {t(shownErrorKey)}
        </p>
      ) : null}
      {setup ? (
        <Button type="submit" disabled={isSubmitting}>
          {t(isSubmitting ? 'login.submitting' : 'login.setup.submit')}
        </Button>
      ) : null}
      <Button variant="ghost" onClick={() => onRestart()}>
        {t('login.twoFactor.back')}
      </Button>
    </form>
  );
}
