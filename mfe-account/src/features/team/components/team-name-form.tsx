import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { useTeamStore } from '../stores/team-store';

type Status = 'idle' | 'saving' | 'saved';

export function TeamNameForm() {
  const { t } = useTranslation('account');
  const name = useTeamStore((state) => state.team?.name);
  const renameTeam = useTeamStore((state) => state.renameTeam);
  const [status, setStatus] = useState<Status>('idle');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus('saving');
    setErrorKey(null);
    try {
      await renameTeam({ name: String(form.get('name') ?? '') });
      setStatus('saved');
    } catch (error) {
      setStatus('idle');
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <form className="account-card" onSubmit={onSubmit}>
      <h2>{t('team.nameTitle')}</h2>
      <label>
        {t('team.name')}
        <input name="name" defaultValue={name} required maxLength={100} autoComplete="organization" />
      </label>
      <div className="account-card__actions">
        <Button type="submit" disabled={status === 'saving'}>
          {t(status === 'saving' ? 'saving' : 'save')}
        </Button>
        <span role="status">{status === 'saved' ? t('saved') : ''}</span>
        {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
      </div>
    </form>
  );
}
