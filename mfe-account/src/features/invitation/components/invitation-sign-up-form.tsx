import { ApiError, localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import { signUpWithInvitation } from '../api/invitation-api';

type InvitationSignUpFormProps = { token: string; email: string; onLinkRejected: () => void };

/**
 * An account for the invited address, which the invitation mail has already proven; it joins the team
 * at once and speaks the language of this page. The guard then sends the new user to the survey.
 */
export function InvitationSignUpForm({ token, email, onLinkRejected }: InvitationSignUpFormProps) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setIsSubmitting(true);
    setErrorKey(null);
    try {
      await signUpWithInvitation({
        token,
        name: String(form.get('name') ?? ''),
        password: String(form.get('password') ?? ''),
        locale,
      });
      navigate(localePath('v1', locale), { replace: true });
    } catch (error) {
      setIsSubmitting(false);
      if (error instanceof ApiError && error.code === 'LINK_INVALID') onLinkRejected();
      else setErrorKey(toErrorKey(error));
    }
  };

  return (
    <form onSubmit={onSubmit}>
      <p>{t('invitation.signUpText')}</p>
      <label>
        {t('invitation.email')}
        <input name="email" type="email" value={email} readOnly autoComplete="email" />
      </label>
      <label>
        {t('invitation.name')}
        <input name="name" required maxLength={100} autoComplete="name" />
      </label>
      <label>
        {t('invitation.password')}
        <input name="password" type="password" required minLength={10} maxLength={200} autoComplete="new-password" />
      </label>
      <div className="account-card__actions">
        <Button type="submit" disabled={isSubmitting}>
          {t(isSubmitting ? 'invitation.signingUp' : 'invitation.signUp')}
        </Button>
      </div>
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
    </form>
  );
}
