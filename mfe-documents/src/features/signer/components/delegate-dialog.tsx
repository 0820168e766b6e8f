import { emailSchema, signingRecipientNameMaxLength } from '@formwerk/contracts';
import { ConfirmDialog } from '@formwerk/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Person = { name: string; email: string };
/** Why the person was refused: by field, or `general` for the request as a whole. */
export type DelegateProblems = Partial<Record<keyof Person | 'general', string>>;

type DelegateDialogProps = {
  isOpen: boolean;
  /** Hands the part on; resolves to why it was refused, by field, or null when it is done. */
  onSubmit: (person: Person) => Promise<DelegateProblems | null>;
  onClose: () => void;
};

/** Asks who takes the recipient's place: they get a link of their own, this one stops working. */
export function DelegateDialog({ isOpen, onSubmit, onClose }: DelegateDialogProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const [person, setPerson] = useState<Person>({ name: '', email: '' });
  const [problems, setProblems] = useState<DelegateProblems>({});
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setPerson({ name: '', email: '' });
    setProblems({});
    nameInput.current?.focus();
  }, [isOpen]);

  const focusFirst = (found: DelegateProblems) => (found.name ? nameInput : emailInput).current?.focus();
  const onConfirm = async () => {
    if (isSending) return;
    const name = person.name.trim();
    const email = person.email.trim();
    const found: DelegateProblems = {};
    if (!name) found.name = t('signer.delegate.nameMissing');
    if (!email) found.email = t('signer.delegate.emailMissing');
    else if (!emailSchema.safeParse(email).success) found.email = t('signer.delegate.emailInvalid');
    if (found.name || found.email) {
      setProblems(found);
      focusFirst(found);
      return;
    }
    setIsSending(true);
    const refused = await onSubmit({ name, email });
    setIsSending(false);
    if (refused) {
      setProblems(refused);
      focusFirst(refused);
    }
  };

  const fieldOf = (key: keyof Person, type: 'text' | 'email', ref: typeof nameInput) => (
    <div className="ui-field">
      <label htmlFor={`${id}-${key}`}>{t(`signer.delegate.${key}`)}</label>
      <input
        ref={ref}
        id={`${id}-${key}`}
        type={type}
        value={person[key]}
        maxLength={key === 'name' ? signingRecipientNameMaxLength : 254}
        autoComplete="off"
        aria-invalid={problems[key] ? true : undefined}
        aria-describedby={problems[key] ? `${id}-${key}-problem` : undefined}
        onChange={(event) => {
          setPerson((current) => ({ ...current, [key]: event.target.value }));
          setProblems((current) => ({ ...current, [key]: undefined }));
        }}
      />
      {problems[key] ? (
        <span id={`${id}-${key}-problem`} className="ui-field__error" role="alert">
          {problems[key]}
        </span>
      ) : null}
    </div>
  );

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('signer.delegate.title')}
      confirmLabel={isSending ? t('signer.delegate.sending') : t('signer.delegate.confirm')}
      cancelLabel={t('signer.cancel')}
      onConfirm={() => void onConfirm()}
      onCancel={onClose}
    >
      <p>{t('signer.delegate.explanation')}</p>
      {fieldOf('name', 'text', nameInput)}
      {fieldOf('email', 'email', emailInput)}
      {problems.general ? (
        <p role="alert" className="ui-notice ui-notice--error">
          {problems.general}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
