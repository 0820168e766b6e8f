import type { GroupResponse } from '@formwerk/contracts';
import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { renameGroup } from '../api/team-group-api';

type Status = 'idle' | 'saving' | 'saved';

type GroupNameFormProps = { group: GroupResponse; onChange: (group: GroupResponse) => void };

export function GroupNameForm({ group, onChange }: GroupNameFormProps) {
  const { t } = useTranslation('account');
  const [status, setStatus] = useState<Status>('idle');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setStatus('saving');
    setErrorKey(null);
    try {
      onChange(await renameGroup(group.id, { name: String(form.get('name') ?? '') }));
      setStatus('saved');
    } catch (error) {
      setStatus('idle');
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <form className="account-card" onSubmit={onSubmit}>
      <h2>{t('teamGroup.rename')}</h2>
      <label>
        {t('teamGroup.name')}
        <input name="name" defaultValue={group.name} required maxLength={100} autoComplete="off" />
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
