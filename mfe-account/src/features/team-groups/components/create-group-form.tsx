import { localePath, useLocale } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import { createGroup } from '../api/team-groups-api';

/** A new group opens its own page, where members are added. */
export function CreateGroupForm() {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isCreating, setIsCreating] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setIsCreating(true);
    setErrorKey(null);
    try {
      const group = await createGroup({ name: String(form.get('name') ?? '') });
      navigate(localePath('v1-team-groups-id', locale, { id: group.id }));
    } catch (error) {
      setIsCreating(false);
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <form className="account-card" onSubmit={onSubmit}>
      <h2>{t('teamGroups.create')}</h2>
      <label>
        {t('teamGroups.name')}
        <input name="name" required maxLength={100} autoComplete="off" />
      </label>
      <div className="account-card__actions">
        <Button type="submit" disabled={isCreating}>
          {t(isCreating ? 'teamGroups.creating' : 'teamGroups.createSubmit')}
        </Button>
        {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
      </div>
    </form>
  );
}
