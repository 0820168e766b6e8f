import { type Locale, localePath, locales, useSessionStore, writeLocaleCookie } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { updateProfile } from '../api/profile-api';

type Status = 'idle' | 'saving' | 'saved' | 'failed';

/** Name and language; the language becomes the user's default and the page switches to it. */
export function ProfileForm() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const [status, setStatus] = useState<Status>('idle');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const locale = form.get('locale') as Locale;
    setStatus('saving');
    try {
      await updateProfile({ name: String(form.get('name') ?? ''), locale });
      setStatus('saved');
      writeLocaleCookie(locale);
      navigate(localePath('v1-profile', locale));
    } catch {
      setStatus('failed');
    }
  };

  return (
    <form className="account-card" onSubmit={onSubmit}>
      <h2>{t('profile.details')}</h2>
      <label>
        {t('profile.name')}
        <input name="name" defaultValue={user?.name} required maxLength={100} autoComplete="name" />
      </label>
      <label>
        {t('profile.language')}
        <select name="locale" defaultValue={user?.locale}>
          {locales.map((option) => (
            <option key={option} value={option}>
              {t(`profile.languages.${option}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="account-card__actions">
        <Button type="submit" disabled={status === 'saving'}>
          {t(status === 'saving' ? 'profile.saving' : 'profile.save')}
        </Button>
        <span role="status">{status === 'saved' ? t('profile.saved') : ''}</span>
        {status === 'failed' ? <span role="alert">{t('profile.failed')}</span> : null}
      </div>
    </form>
  );
}
