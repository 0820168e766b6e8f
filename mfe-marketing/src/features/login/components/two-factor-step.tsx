import { Button } from '@formwerk/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendTwoFactorCode } from '../api/session-api';
import { isSignInOver, toMessageKey } from '../utils/login-errors';

type TwoFactorStepProps = {
  onSignedIn: () => void;
  /** Back to the password, with the reason when the sign-in is over (`login.errors.*`). */
  onRestart: (errorKey?: string) => void;
};

/**
 * The second step of a sign-in: the code of the authenticator app, or one of the recovery codes. The
 * heading takes focus, so a screen reader announces the new step; a wrong code empties the field for the
 * next one.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation('marketing');
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [isRecoveryCode, setIsRecoveryCode] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  useEffect(() => heading.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    setIsSubmitting(true);
    setErrorKey(null);
    try {
      await sendTwoFactorCode(code);
      onSignedIn();
    } catch (error) {
      if (isSignInOver(error)) {
        onRestart(toMessageKey(error));
        return;
      }
      setErrorKey(toMessageKey(error));
      if (input.current) input.current.value = '';
      input.current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="login-dialog__form" onSubmit={onSubmit}>
      <h2 id="login-dialog-title" ref={heading} tabIndex={-1}>
        {t('login.twoFactor.title')}
      </h2>
      <p className="login-dialog__text">
        {t(isRecoveryCode ? 'login.twoFactor.recoveryText' : 'login.twoFactor.text')}
      </p>
      <label>
        {t(isRecoveryCode ? 'login.twoFactor.recoveryCode' : 'login.twoFactor.code')}
        <input
          key={isRecoveryCode ? 'recovery-code' : 'app-code'}
          ref={input}
          name="code"
          required
          autoComplete="one-time-code"
          inputMode={isRecoveryCode ? 'text' : 'numeric'}
          pattern={isRecoveryCode ? undefined : '\\s*\\d{3}\\s?\\d{3}\\s*'}
          maxLength={isRecoveryCode ? 40 : 8}
          spellCheck={false}
          autoCapitalize="off"
          className="login-dialog__code"
        />
      </label>
      {errorKey ? (
        <p className="login-dialog__error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting}>
        {t(isSubmitting ? 'login.submitting' : 'login.twoFactor.submit')}
      </Button>
      <Button
        variant="ghost"
        onClick={() => {
          setIsRecoveryCode(!isRecoveryCode);
          setErrorKey(null);
        }}
      >
        {t(isRecoveryCode ? 'login.twoFactor.useApp' : 'login.twoFactor.useRecoveryCode')}
      </Button>
      <Button variant="ghost" onClick={() => onRestart()}>
        {t('login.twoFactor.back')}
      </Button>
    </form>
  );
}
