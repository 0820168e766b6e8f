import type { FormSummary } from '@formwerk/contracts';
import { ConfirmDialog } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

type DeleteFormDialogProps = {
  form: FormSummary | null;
  onConfirm: (form: FormSummary) => void;
  onCancel: () => void;
};

/** Asks before a form is deleted for good; archiving is the way to put one aside. */
export function DeleteFormDialog({ form, onConfirm, onCancel }: DeleteFormDialogProps) {
  const { t } = useTranslation('forms');
  return (
    <ConfirmDialog
      isOpen={form !== null}
      title={t('formList.delete.title', { title: form?.title })}
      confirmLabel={t('formList.delete.confirm')}
      cancelLabel={t('cancel')}
      onConfirm={() => form && onConfirm(form)}
      onCancel={onCancel}
    >
      <p>{t('formList.delete.text')}</p>
    </ConfirmDialog>
  );
}
