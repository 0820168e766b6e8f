import type { ValidationDetails } from '@formwerk/contracts';
import { ApiError, localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import { resetPassword } from '../api/reset-password-api';

const mismatchKey = 'resetPassword.mismatch';

// A token cut short by a mail client fails the contract's shape check instead of the lookup.
function isLinkRejected(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const issues = (error.details as ValidationDetails | undefined)?.issues ?? [];
  return (
    error.code === 'LINK_INVALID' ||
    (error.code === 'VALIDATION_FAILED' && issues.some((issue) => issue.path[0] === 'token'))
  );
}

type ResetPasswordFormProps = { token: string; onLinkRejected: () => void };

/** The new password twice; both must match before anything is sent. */
export function ResetPasswordForm({ token, onLinkRejected }: ResetPasswordFormProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isSaving, setIsSaving] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== form.get('repeatedPassword')) {
      setErrorKey(mismatchKey);
      return;
    }
    setIsSaving(true);
    setErrorKey(null);
    try {
      const answer = await resetPassword({ token, password });
      // An account with two-step sign-in finishes it in the login dialog, which then opens the app.
      if ('step' in answer) {
        const query = new URLSearchParams({
          login: 'true',
          loginStep: answer.step,
          redirect: localePath('v1', locale),
        });
        navigate(`${localePath('index', locale)}?${query}`, { replace: true });
      } else navigate(localePath('v1', locale), { replace: true });
    } catch (error) {
      setIsSaving(false);
      if (isLinkRejected(error)) onLinkRejected();
      else setErrorKey(toErrorKey(error));
    }
  };

  return (
    <form className="account-card account-card--narrow" onSubmit={onSubmit}>
      <label>
        {t('resetPassword.password')}
        <input name="password" type="password" required minLength={10} maxLength={200} autoComplete="new-password" />
      </label>
      <label>
        {t('resetPassword.repeatedPassword')}
        <input
          name="repeatedPassword"
          type="password"
          required
          maxLength={200}
          autoComplete="new-password"
          aria-invalid={errorKey === mismatchKey}
        />
      </label>
      <div className="account-card__actions">
        <Button type="submit" disabled={isSaving}>
          {t(isSaving ? 'resetPassword.saving' : 'resetPassword.submit')}
        </Button>
      </div>
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
    </form>
  );
}
