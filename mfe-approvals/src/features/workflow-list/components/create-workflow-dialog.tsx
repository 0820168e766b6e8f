import { localePath, useLocale } from '@formwerk/platform';
import { ConfirmDialog } from '@formwerk/ui';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toErrorKey } from '../../../utils/error-key';
import { createWorkflow, listTeamForms } from '../api/workflow-list-api';

type TeamForm = { id: string; title: string };

/**
 * Names a new workflow and picks the forms whose submissions start it, then opens it in the editor.
 * The team's forms are read when the dialog opens.
 */
export function CreateWorkflowDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  const navigate = useNavigate();
  const nameId = useId();
  const [name, setName] = useState('');
  const [formIds, setFormIds] = useState<string[]>([]);
  const [forms, setForms] = useState<TeamForm[] | null>(null);
  const [formsErrorKey, setFormsErrorKey] = useState<string | null>(null);
  const [isNameMissing, setIsNameMissing] = useState(false);
  const [isCreating, setIsCreating] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    let isCurrent = true;
    setName('');
    setFormIds([]);
    setIsNameMissing(false);
    setErrorKey(null);
    setFormsErrorKey(null);
    listTeamForms().then(
      (list) => isCurrent && setForms(list.forms.map(({ id, title }) => ({ id, title }))),
      (error: unknown) => isCurrent && setFormsErrorKey(toErrorKey(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [isOpen]);

  const onCreate = async () => {
    if (isCreating) return;
    if (name.trim() === '') {
      setIsNameMissing(true);
      document.getElementById(nameId)?.focus();
      return;
    }
    setIsCreating(true);
    setErrorKey(null);
    try {
      const workflow = await createWorkflow({ name: name.trim(), formIds });
      navigate(localePath('v1-workflow-id', locale, { id: workflow.id }));
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsCreating(false);
    }
  };

  const toggleForm = (formId: string, isChosen: boolean) =>
    setFormIds((current) => (isChosen ? [...current, formId] : current.filter((id) => id !== formId)));

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={t('workflows.list.create.title')}
      confirmLabel={isCreating ? t('workflows.list.create.creating') : t('workflows.list.create.confirm')}
      cancelLabel={t('workflows.cancel')}
      onConfirm={onCreate}
      onCancel={onClose}
    >
      <div className="ui-field">
        <label htmlFor={nameId}>{t('workflows.list.create.name')}</label>
        <input
          id={nameId}
          value={name}
          maxLength={120}
          aria-invalid={isNameMissing || undefined}
          aria-describedby={isNameMissing ? `${nameId}-error` : undefined}
          onChange={(event) => {
            setName(event.target.value);
            setIsNameMissing(false);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void onCreate();
          }}
        />
        {isNameMissing ? (
          <span id={`${nameId}-error`} className="ui-error">
            {t('workflows.list.create.nameMissing')}
          </span>
        ) : null}
      </div>
      <fieldset className="ui-fieldset workflow-list-forms">
        <legend>{t('workflows.list.create.forms')}</legend>
        <p className="ui-hint">{t('workflows.list.create.formsHint')}</p>
        {formsErrorKey ? <p role="alert">{t(formsErrorKey)}</p> : null}
        {forms === null && !formsErrorKey ? <p className="ui-hint">{t('workflows.loading')}</p> : null}
        {forms?.length === 0 ? <p className="ui-hint">{t('workflows.list.create.noForms')}</p> : null}
        {forms?.length ? (
          <ul>
            {forms.map((form) => (
              <li key={form.id}>
                <label className="ui-field ui-field--inline">
                  <input
                    type="checkbox"
                    checked={formIds.includes(form.id)}
                    onChange={(event) => toggleForm(form.id, event.target.checked)}
                  />
                  {form.title}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>
      {errorKey ? <p role="alert">{t(errorKey)}</p> : null}
    </ConfirmDialog>
  );
}
