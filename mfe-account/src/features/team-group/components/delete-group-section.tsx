import type { GroupResponse } from '@formwerk/contracts';
import { localePath, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import { deleteGroup } from '../api/team-group-api';

/** Deleting a group, once confirmed, returns to the list of groups; its members stay in the team. */
export function DeleteGroupSection({ group }: { group: GroupResponse }) {
  const { t } = useTranslation('account');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onConfirm = async () => {
    setIsConfirming(false);
    setErrorKey(null);
    try {
      await deleteGroup(group.id);
      navigate(localePath('v1-team-groups', locale));
    } catch (error) {
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <section className="account-card" aria-labelledby="team-group-delete">
      <h2 id="team-group-delete">{t('teamGroup.delete')}</h2>
      <p className="account-card__hint">{t('teamGroup.deleteText')}</p>
      <div className="account-card__actions">
        <Button variant="secondary" onClick={() => setIsConfirming(true)}>
          {t('teamGroup.delete')}
        </Button>
        {errorKey ? <span role="alert">{t(errorKey)}</span> : null}
      </div>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('teamGroup.deleteTitle', { name: group.name })}
        confirmLabel={t('teamGroup.confirmDelete')}
        onConfirm={onConfirm}
        cancelLabel={t('confirm.cancel')}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('teamGroup.deleteText')}</p>
      </ConfirmDialog>
    </section>
  );
}
