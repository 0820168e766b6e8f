import { Button, ConfirmDialog } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { withdrawInstance } from '../api/submission-workflow-api';

type WithdrawSectionProps = { instanceId: string; onWithdrawn: () => void };

/** Withdrawing the request, once confirmed: the open steps end and nobody needs to decide any more. */
export function WithdrawSection({ instanceId, onWithdrawn }: WithdrawSectionProps) {
  const { t } = useTranslation('forms');
  const [isConfirming, setIsConfirming] = useState(false);
  const [comment, setComment] = useState('');
  const [errorKey, setErrorKey] = useState<string | null>(null);

  const onConfirm = async () => {
    setIsConfirming(false);
    setErrorKey(null);
    try {
      await withdrawInstance(instanceId, comment.trim());
      onWithdrawn();
    } catch (error) {
      setErrorKey(toErrorKey(error));
    }
  };

  return (
    <section className="ui-card" aria-labelledby="workflow-withdraw">
      <h2 id="workflow-withdraw">{t('submissionWorkflow.withdraw.title')}</h2>
      <p className="ui-hint">{t('submissionWorkflow.withdraw.text')}</p>
      <div className="ui-toolbar">
        <Button variant="secondary" onClick={() => setIsConfirming(true)}>
          {t('submissionWorkflow.withdraw.button')}
        </Button>
      </div>
      {errorKey ? (
        <p role="alert" className="ui-error">
          {t(errorKey)}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('submissionWorkflow.withdraw.dialogTitle')}
        confirmLabel={t('submissionWorkflow.withdraw.confirm')}
        cancelLabel={t('cancel')}
        onConfirm={onConfirm}
        onCancel={() => setIsConfirming(false)}
      >
        <p>{t('submissionWorkflow.withdraw.dialogText')}</p>
        <label className="ui-field">
          {t('submissionWorkflow.withdraw.comment')}
          <textarea rows={3} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
        </label>
      </ConfirmDialog>
    </section>
  );
}
