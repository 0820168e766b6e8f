import { ConfirmDialog } from '@formwerk/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type NameDialogProps = {
  isOpen: boolean;
  title: string;
  confirmLabel: string;
  initialName: string;
  maxLength: number;
  /** Stores the name; resolves to why it was refused (shown in the dialog), or null when it is done. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
};

/**
 * Asks for a name (a new folder, a document's or folder's new name): never empty, never longer than
 * the api takes, and a refusal of the api (a folder name taken) shown beside the field.
 * The name without its ".pdf" is selected, so typing replaces it.
 */
export function NameDialog({
  isOpen,
  title,
  confirmLabel,
  initialName,
  maxLength,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  // The modal dialog opens in ConfirmDialog's effect, which runs before this one: focus can go in.
  useEffect(() => {
    if (!isOpen) return;
    setName(initialName);
    setProblem(null);
    const field = input.current;
    if (!field) return;
    field.value = initialName;
    field.focus();
    const extension = initialName.toLowerCase().endsWith('.pdf') ? 4 : 0;
    field.setSelectionRange(0, initialName.length - extension);
  }, [isOpen, initialName]);

  const onConfirm = async () => {
    if (isSaving) return;
    const trimmed = name.trim();
    const found =
      trimmed === ''
        ? t('library.name.missing')
        : trimmed.length > maxLength
          ? t('library.name.tooLong', { max: maxLength })
          : null;
    if (found) {
      setProblem(found);
      input.current?.focus();
      return;
    }
    setIsSaving(true);
    const refusal = await onSubmit(trimmed);
    setIsSaving(false);
    if (refusal) {
      setProblem(refusal);
      input.current?.focus();
    }
  };

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={t('library.cancel')}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      <div className="ui-field">
        <label htmlFor={id}>{t('library.name.label')}</label>
        <input
          ref={input}
          id={id}
          value={name}
          maxLength={maxLength}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void onConfirm();
            }
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
