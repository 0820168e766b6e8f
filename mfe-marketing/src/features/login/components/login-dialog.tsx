import { ApiError, AppLink, localePath, toSafeRedirect, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { logIn, signUp } from '../api/session-api';
import { CheckMailPanel, type CheckMailReason } from './check-mail-panel';
import './login-dialog.css';

type Mode = 'login' | 'sign-up';

function toMessageKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_CREDENTIALS') return 'login.errors.invalidCredentials';
    if (error.code === 'VALIDATION_FAILED') return 'login.errors.invalidInput';
    if (error.code === 'RATE_LIMITED') return 'login.errors.rateLimited';
    if (error.code === 'DATABASE_UNAVAILABLE') return 'login.errors.unavailable';
    if (error.code === 'NETWORK') return 'login.errors.network';
  }
  return 'login.errors.unexpected';
}

/**
 * Sign-in and sign-up in one modal dialog, opened by `?login=true` (the guard sends guests here with
 * the page they wanted in `redirect`). A native <dialog> keeps focus inside and closes on Escape.
 */
export function LoginDialog() {
  const { t } = useTranslation('marketing');
  const locale = useLocale();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<Mode>('login');
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [waitingFor, setWaitingFor] = useState<{ email: string; reason: CheckMailReason } | null>(null);
  const isOpen = searchParams.get('login') === 'true';

  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
  }, [isOpen]);

  const close = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('login');
    next.delete('redirect');
    setSearchParams(next, { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setIsSubmitting(true);
    setErrorKey(null);
    try {
      if (mode === 'login') {
        await logIn({ email, password, rememberMe: form.get('rememberMe') === 'on' });
        navigate(toSafeRedirect(searchParams.get('redirect')) ?? localePath('v1', locale));
      } else {
        await signUp({ name: String(form.get('name') ?? ''), email, password, locale });
        setWaitingFor({ email, reason: 'signed-up' });
      }
    } catch (error) {
      // The right password of an account not confirmed yet: the api mailed a new link.
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED')
        setWaitingFor({ email, reason: 'not-verified' });
      else setErrorKey(toMessageKey(error));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      className="login-dialog"
      aria-labelledby="login-dialog-title"
      onClose={() => isOpen && close()}
    >
      {waitingFor ? (
        <CheckMailPanel
          email={waitingFor.email}
          reason={waitingFor.reason}
          onBack={() => {
            setWaitingFor(null);
            setMode('login');
          }}
        />
      ) : (
        <form className="login-dialog__form" onSubmit={onSubmit}>
          <h2 id="login-dialog-title">{t(mode === 'login' ? 'login.title' : 'login.signUpTitle')}</h2>
          {mode === 'sign-up' ? (
            <label>
              {t('login.name')}
              <input name="name" autoComplete="name" required maxLength={100} />
            </label>
          ) : null}
          <label>
            {t('login.email')}
            <input name="email" type="email" autoComplete="email" required maxLength={254} />
          </label>
          <label>
            {t('login.password')}
            <input
              name="password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              required
              minLength={mode === 'login' ? 1 : 10}
              maxLength={200}
            />
          </label>
          {mode === 'sign-up' ? <p className="login-dialog__hint">{t('login.passwordHint')}</p> : null}
          {mode === 'login' ? (
            <div className="login-dialog__row">
              <label className="login-dialog__checkbox">
                <input name="rememberMe" type="checkbox" />
                {t('login.rememberMe')}
              </label>
              <AppLink to="forgot-password" className="login-dialog__link">
                {t('login.forgotPassword')}
              </AppLink>
            </div>
          ) : null}
          {errorKey ? (
            <p className="login-dialog__error" role="alert">
              {t(errorKey)}
            </p>
          ) : null}
          <Button type="submit" disabled={isSubmitting}>
            {t(isSubmitting ? 'login.submitting' : mode === 'login' ? 'login.submit' : 'login.signUpSubmit')}
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              setMode(mode === 'login' ? 'sign-up' : 'login');
              setErrorKey(null);
            }}
          >
            {t(mode === 'login' ? 'login.toSignUp' : 'login.toLogin')}
          </Button>
          <Button variant="ghost" className="login-dialog__close" aria-label={t('login.close')} onClick={close}>
            ×
          </Button>
        </form>
      )}
    </dialog>
  );
}
