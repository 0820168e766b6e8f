import type { LoginError, SignInStep } from '@formwerk/contracts';
import { ApiError, AppLink, localePath, toSafeRedirect, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { findAuthProviders, googleSignInUrl, logIn, signUp } from '../api/session-api';
import { toMessageKey } from '../utils/login-errors';
import { CheckMailPanel, type CheckMailReason } from './check-mail-panel';
import { RequiredSetupStep } from './required-setup-step';
import { TwoFactorStep } from './two-factor-step';
import './login-dialog.css';

type Mode = 'login' | 'sign-up';

// The query the dialog reads besides `login` and `redirect`: the step a sign-in is at (after the password
// here, or after Google's redirect back), and why a Google sign-in ended here.
const steps: readonly SignInStep[] = ['two-factor', 'enrol-two-factor'];
const loginErrors: readonly LoginError[] = [
  'google-cancelled',
  'google-unverified',
  'google-failed',
  'google-unavailable',
  'sso-required',
];
const isStep = (value: string | null): value is SignInStep => steps.includes(value as SignInStep);
const isLoginError = (value: string | null): value is LoginError => loginErrors.includes(value as LoginError);

/**
 * Sign-in and sign-up in one modal dialog, opened by `?login=true` (the guard sends guests here with
 * the page they wanted in `redirect`). A native <dialog> keeps focus inside and closes on Escape. A
 * sign-in whose account asks for more goes on in it (`?loginStep=`): the authenticator app's code, or its
 * setup when a team requires it. With Google sign-in offered, its button leads there and back.
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
  const [isGoogleOffered, setIsGoogleOffered] = useState(false);
  const [isRemembered, setIsRemembered] = useState(false);
  const isOpen = searchParams.get('login') === 'true';
  const requestedStep = searchParams.get('loginStep');
  const step = isStep(requestedStep) ? requestedStep : null;
  const requestedError = searchParams.get('loginError');
  const shownErrorKey = errorKey ?? (isLoginError(requestedError) ? `login.googleErrors.${requestedError}` : null);
  const redirect = toSafeRedirect(searchParams.get('redirect'));

  useEffect(() => {
    const element = dialog.current;
    if (isOpen && !element?.open) element?.showModal();
    if (!isOpen && element?.open) element.close();
  }, [isOpen]);

  // `?loginMode=sign-up` opens it on the sign-up (the demo's "sign up and keep this form").
  const requestedMode = searchParams.get('loginMode');
  useEffect(() => {
    if (isOpen) setMode(requestedMode === 'sign-up' ? 'sign-up' : 'login');
  }, [isOpen, requestedMode]);

  // The Google button only where the site offers it; without an answer, none.
  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    findAuthProviders().then(
      (providers) => isCurrent && setIsGoogleOffered(providers.google),
      () => isCurrent && setIsGoogleOffered(false),
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen]);

  const changeQuery = useCallback(
    (change: (query: URLSearchParams) => void) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  const close = () =>
    changeQuery((query) => {
      for (const key of ['login', 'redirect', 'loginStep', 'loginError', 'loginMode']) query.delete(key);
    });

  const goToStep = (next: SignInStep | null) =>
    changeQuery((query) => {
      query.delete('loginError');
      if (next) query.set('loginStep', next);
      else query.delete('loginStep');
    });

  const onSignedIn = () => navigate(redirect ?? localePath('v1', locale));

  const restart = useCallback(
    (reasonKey?: string) => {
      setErrorKey(reasonKey ?? null);
      setMode('login');
      changeQuery((query) => query.delete('loginStep'));
    },
    [changeQuery],
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '');
    const password = String(form.get('password') ?? '');
    setIsSubmitting(true);
    setErrorKey(null);
    // A Google sign-in's outcome is old news once the person tries again.
    if (requestedError) changeQuery((query) => query.delete('loginError'));
    try {
      if (mode === 'login') {
        const answer = await logIn({ email, password, rememberMe: isRemembered });
        if ('step' in answer) goToStep(answer.step);
        else onSignedIn();
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

  const panel = () => {
    if (step === 'two-factor') return <TwoFactorStep onSignedIn={onSignedIn} onRestart={restart} />;
    if (step === 'enrol-two-factor') return <RequiredSetupStep onSignedIn={onSignedIn} onRestart={restart} />;
    if (waitingFor) {
      return (
        <CheckMailPanel
          email={waitingFor.email}
          reason={waitingFor.reason}
          onBack={() => {
            setWaitingFor(null);
            setMode('login');
          }}
        />
      );
    }
    return (
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
              <input
                name="rememberMe"
                type="checkbox"
                checked={isRemembered}
                onChange={(event) => setIsRemembered(event.currentTarget.checked)}
              />
              {t('login.rememberMe')}
            </label>
            <AppLink to="forgot-password" className="login-dialog__link">
              {t('login.forgotPassword')}
            </AppLink>
          </div>
        ) : null}
        {shownErrorKey ? (
          <p className="login-dialog__error" role="alert">
            {t(shownErrorKey)}
          </p>
        ) : null}
        <Button type="submit" disabled={isSubmitting}>
          {t(isSubmitting ? 'login.submitting' : mode === 'login' ? 'login.submit' : 'login.signUpSubmit')}
        </Button>
        {isGoogleOffered ? (
          <>
            <p className="login-dialog__divider">
              <span>{t('login.or')}</span>
            </p>
            {/* A link, not a call: the browser goes to Google and comes back through the api. */}
            <a
              className="ui-button ui-button--secondary login-dialog__google"
              href={googleSignInUrl({ redirect, locale, rememberMe: isRemembered })}
            >
              {t(mode === 'login' ? 'login.google' : 'login.googleSignUp')}
            </a>
          </>
        ) : null}
        {mode === 'login' ? (
          // A team that signs in through its identity provider: free on every plan (issue 17).
          <AppLink to="sso" className="ui-button ui-button--secondary login-dialog__google">
            {t('login.sso')}
          </AppLink>
        ) : null}
        <Button
          variant="ghost"
          onClick={() => {
            setMode(mode === 'login' ? 'sign-up' : 'login');
            setErrorKey(null);
          }}
        >
          {t(mode === 'login' ? 'login.toSignUp' : 'login.toLogin')}
        </Button>
      </form>
    );
  };

  return (
    <dialog
      ref={dialog}
      className="login-dialog"
      aria-labelledby="login-dialog-title"
      onClose={() => isOpen && close()}
    >
      <div className="login-dialog__frame">
        {panel()}
        <Button variant="ghost" className="login-dialog__close" aria-label={t('login.close')} onClick={close}>
          ×
        </Button>
      </div>
    </dialog>
  );
}
