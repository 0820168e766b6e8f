import { type SignatureMark, type SignatureMarkName, signatureMarkNames } from '@formwerk/contracts';
import { useSessionStore } from '@formwerk/platform';
import { Button, ConfirmDialog, PageHeader } from '@formwerk/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteSignatureMark } from '../api/signature-marks-api';
import { useSignatureMarks } from '../hooks/use-signature-marks';
import { toErrorKey } from '../utils/error-key';
import { initialsOf } from '../utils/initials-of';
import { editButtonIdOf, MarkCard } from './mark-card';
import { MarkEditor } from './mark-editor';
import './signature-template.css';

const focusEditButton = (name: SignatureMarkName) =>
  // After the editor or the dialog is gone from the page.
  requestAnimationFrame(() => document.getElementById(editButtonIdOf(name))?.focus());

/**
 * /v1/signature-template: the person's signature and initials, drawn, typed in a handwriting font or
 * uploaded, saved once and put on documents in one click when signing. They are the person's own, the
 * same in every team.
 */
export function SignatureTemplatePage() {
  const { t } = useTranslation('documents');
  const userName = useSessionStore((state) => state.user?.name ?? '');
  const { marks, setMarks, errorKey, isLoading, reload } = useSignatureMarks();
  const [editing, setEditing] = useState<SignatureMarkName | null>(null);
  const [deleting, setDeleting] = useState<SignatureMarkName | null>(null);
  const [message, setMessage] = useState('');
  const [actionErrorKey, setActionErrorKey] = useState<string | null>(null);

  const onSaved = (name: SignatureMarkName, mark: SignatureMark) => {
    setMarks((current) => (current ? { ...current, [name]: mark } : current));
    setEditing(null);
    setMessage(t(`signatureTemplate.marks.${name}.saved`));
    focusEditButton(name);
  };

  const onConfirmDelete = async (name: SignatureMarkName) => {
    setDeleting(null);
    setActionErrorKey(null);
    try {
      await deleteSignatureMark(name);
      setMarks((current) => (current ? { ...current, [name]: null } : current));
      setMessage(t(`signatureTemplate.marks.${name}.deleted`));
    } catch (error) {
      setActionErrorKey(toErrorKey(error));
      // Deleted elsewhere meanwhile: show what is there now.
      void reload();
    }
    focusEditButton(name);
  };

  return (
    <div className="signature-template">
      <PageHeader
        eyebrow={t('area')}
        title={t('pages.signature-templates.title')}
        description={t('signatureTemplate.description')}
      />
      <p role="status" className="ui-hint signature-template__status">
        {isLoading && !marks ? t('signatureTemplate.loading') : message}
      </p>
      {actionErrorKey ? (
        <p role="alert" className="ui-notice ui-notice--error">
          {t(actionErrorKey)}
        </p>
      ) : null}
      {errorKey ? (
        <div className="ui-card">
          <p role="alert">{t(errorKey)}</p>
          <Button variant="secondary" onClick={() => void reload()}>
            {t('signatureTemplate.retry')}
          </Button>
        </div>
      ) : null}
      {marks ? (
        <div className="signature-cards">
          {signatureMarkNames.map((name) => (
            <MarkCard
              key={name}
              name={name}
              mark={marks[name]}
              isEditing={editing === name}
              onEdit={() => {
                setMessage('');
                setEditing(name);
              }}
              onDelete={() => setDeleting(name)}
            />
          ))}
        </div>
      ) : null}
      {marks && editing ? (
        <MarkEditor
          key={editing}
          name={editing}
          saved={marks[editing]}
          suggestedText={editing === 'initials' ? initialsOf(userName) : userName}
          onSaved={(mark) => onSaved(editing, mark)}
          onCancel={() => {
            setEditing(null);
            focusEditButton(editing);
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={deleting ? t(`signatureTemplate.marks.${deleting}.deleteTitle`) : ''}
        confirmLabel={t('signatureTemplate.deleteDialog.confirm')}
        cancelLabel={t('signatureTemplate.cancel')}
        onConfirm={() => deleting && void onConfirmDelete(deleting)}
        onCancel={() => {
          const name = deleting;
          setDeleting(null);
          if (name) focusEditButton(name);
        }}
      >
        <p>{t('signatureTemplate.deleteDialog.body')}</p>
      </ConfirmDialog>
    </div>
  );
}
