import { Button, ConfirmDialog } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { deleteSubmissions } from '../api/submissions-api';

type DeleteSelectedButtonProps = { formId: string; ids: string[]; onDeleted: () => void };

/** Deletes the ticked rows once the user confirms; deleted submissions cannot be brought back. */
export function DeleteSelectedButton({ formId, ids, onDeleted }: DeleteSelectedButtonProps) {
  const { t } = useTranslation('forms');
  const [isConfirming, setIsConfirming] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onConfirm = async () => {
    setIsConfirming(false);
    setIsDeleting(true);
    setErrorKey(null);
    try {
      await deleteSubmissions(formId, ids);
      onDeleted();
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <>
      <Button variant="secondary" disabled={ids.length === 0 || isDeleting} onClick={() => setIsConfirming(true)}>
        {t('submissions.delete.button', { count: ids.length })}
      </Button>
      {errorKey ? (
        <span role="alert" className="ui-error">
          {t(errorKey)}
        </span>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('submissions.delete.title', { count: ids.length })}
        confirmLabel={t('submissions.delete.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={onConfirm}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('submissions.delete.text')}</p>
      </ConfirmDialog>
    </>
  );
}
