import type { TeamTemplateSummary } from '@formwerk/contracts';
import { localePath, useLocale } from '@formwerk/platform';
import { Button, ConfirmDialog } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import { deleteTeamTemplate } from '../api/templates-api';

/** Deleting a template, once confirmed, returns to the gallery; forms made from it stay as they are. */
export function DeleteTeamTemplateButton({ template }: { template: TeamTemplateSummary }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const navigate = useNavigate();
  const [isConfirming, setIsConfirming] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onConfirm = async () => {
    setIsConfirming(false);
    setErrorKey(null);
    try {
      await deleteTeamTemplate(template.id);
      navigate(localePath('v1-forms-templates', locale));
    } catch (error) {
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setIsConfirming(true)}>
        {t('templates.delete.open')}
      </Button>
      {errorKey ? (
        <p className="ui-error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('templates.delete.title', { name: template.name })}
        confirmLabel={t('templates.delete.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={onConfirm}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('templates.delete.text')}</p>
      </ConfirmDialog>
    </>
  );
}
