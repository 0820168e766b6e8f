import { signingReasonMaxLength } from '@formwerk/contracts';
import { ConfirmDialog } from '@formwerk/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type ReasonDialogProps = {
  /** A signer declines, an approver rejects; null while closed. */
  outcome: 'decline' | 'reject' | null;
  /** Ends the request; resolves to why it was refused (shown in the dialog), or null when it is done. */
  onSubmit: (reason: string) => Promise<string | null>;
  onClose: () => void;
};

/** Asks for the reason before a decline or rejection, which ends the request for everyone and tells them why. */
export function ReasonDialog({ outcome, onSubmit, onClose }: ReasonDialogProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (!outcome) return;
    setReason('');
    setProblem(null);
    field.current?.focus();
  }, [outcome]);

  const onConfirm = async () => {
    if (isSending) return;
    if (!reason.trim()) {
      setProblem(t('signer.end.reasonMissing'));
      field.current?.focus();
      return;
    }
    setIsSending(true);
    const refusal = await onSubmit(reason.trim());
    setIsSending(false);
    if (refusal) setProblem(refusal);
  };

  const kind = outcome ?? 'decline';
  return (
    <ConfirmDialog
      isOpen={outcome !== null}
      title={t(`signer.end.${kind}.title`)}
      confirmLabel={isSending ? t('signer.end.sending') : t(`signer.end.${kind}.confirm`)}
      cancelLabel={t('signer.cancel')}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      <p>{t(`signer.end.${kind}.explanation`)}</p>
      <div className="ui-field">
        <label htmlFor={id}>{t('signer.end.reason')}</label>
        <textarea
          ref={field}
          id={id}
          className="ui-input"
          rows={4}
          value={reason}
          required
          maxLength={signingReasonMaxLength}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setProblem(null);
          }}
        />
        {problem ? (
          <span id={`${id}-problem`} className="ui-field__error" role="alert">
            {problem}
          </span>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
