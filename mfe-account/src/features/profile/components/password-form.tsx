import { ApiError } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../api/profile-api';

type Status = 'idle' | 'saving' | 'saved' | 'wrong-password' | 'failed';

/** A new password needs the current one; every other session is signed out afterwards. */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('account');
  const [status, setStatus] = useState<Status>('idle');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    setStatus('saving');
    try {
      await changePassword({
        currentPassword: String(form.get('currentPassword') ?? ''),
        newPassword: String(form.get('newPassword') ?? ''),
      });
      element.reset();
      setStatus('saved');
      onChanged();
    } catch (error) {
      setStatus(error instanceof ApiError && error.code === 'WRONG_PASSWORD' ? 'wrong-password' : 'failed');
    }
  };

  return (
    <form className="account-card" onSubmit={onSubmit}>
      <h2>{t('profile.password')}</h2>
      <label>
        {t('profile.currentPassword')}
        <input name="currentPassword" type="password" required autoComplete="current-password" maxLength={200} />
      </label>
      <label>
        {t('profile.newPassword')}
        <input name="newPassword" type="password" required minLength={10} maxLength={200} autoComplete="new-password" />
      </label>
      <div className="account-card__actions">
        <Button type="submit" disabled={status === 'saving'}>
          {t(status === 'saving' ? 'profile.saving' : 'profile.changePassword')}
        </Button>
        <span role="status">{status === 'saved' ? t('profile.passwordChanged') : ''}</span>
        {status === 'wrong-password' ? <span role="alert">{t('profile.wrongPassword')}</span> : null}
        {status === 'failed' ? <span role="alert">{t('profile.failed')}</span> : null}
      </div>
    </form>
  );
}
