import {
  type DocumentTemplate,
  type DocumentTemplateSummary,
  type FormDefinition,
  type FormField,
  type FormSigningResponse,
  signingExpiryMaxDays,
  signingMessageMaxLength,
  signingRecipientNameMaxLength,
  validationDetailsSchema,
} from '@formwerk/contracts';
import { ApiError, AppLink } from '@formwerk/platform';
import { Button, ConfirmDialog } from '@formwerk/ui';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../../components/load-failure';
import { toErrorKey } from '../../../utils/error-key';
import {
  deleteFormSigning,
  findFormSigning,
  findSignatureTemplate,
  listSignatureTemplates,
  saveFormSigning,
} from '../api/form-documents-api';
import {
  checkDraft,
  draftOf,
  emailFieldsOf,
  emptyDraft,
  nameFieldsOf,
  otherRolesOf,
  type Person,
  prefillFieldsOf,
  prefillKeysOf,
  problemsOf,
  type SigningDraft,
  settingsOf,
  signerRolesOf,
} from '../utils/form-signing-draft';
import { InputField, SelectField } from './signing-inputs';

const reminderDays = [1, 2, 3, 5, 7, 14];

type Loaded = { response: FormSigningResponse; templates: DocumentTemplateSummary[] };
type TemplateState = { id: string; template: DocumentTemplate | null; errorKey: string | null };

const fieldOptions = (fields: readonly FormField[]) =>
  fields.map((field) => ({ value: field.id, label: field.label.trim() || field.id }));

/**
 * The documents page's section "For signature": which signature template each submission fills and
 * sends, the respondent's role, the answers that fill the template's fields, and the fixed people of
 * its other roles. Saved whole; the api checks it against the template and the form once more.
 */
export function FormSigningSection({ formId, definition }: { formId: string; definition: FormDefinition }) {
  const { t } = useTranslation('forms');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadErrorKey, setLoadErrorKey] = useState<string | null>(null);
  const [draft, setDraft] = useState<SigningDraft>(emptyDraft);
  const [templateState, setTemplateState] = useState<TemplateState | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saveErrorKey, setSaveErrorKey] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [isRemoveOpen, setIsRemoveOpen] = useState(false);
  const [status, setStatus] = useState('');

  const load = useCallback(() => {
    setLoadErrorKey(null);
    Promise.all([findFormSigning(formId), listSignatureTemplates()]).then(
      ([response, list]) => {
        setLoaded({ response, templates: list.templates });
        setDraft(draftOf(response.settings));
      },
      (error: unknown) => setLoadErrorKey(toErrorKey(error)),
    );
  }, [formId]);
  useEffect(() => load(), [load]);

  const { templateId } = draft;
  useEffect(() => {
    if (!templateId) return;
    setTemplateState({ id: templateId, template: null, errorKey: null });
    findSignatureTemplate(templateId).then(
      (template) => {
        setTemplateState({ id: templateId, template, errorKey: null });
        // A template just chosen: its first signer is the respondent until someone picks another.
        setDraft((current) =>
          signerRolesOf(template).some((role) => role.id === current.respondentRoleId)
            ? current
            : { ...current, respondentRoleId: signerRolesOf(template)[0]?.id ?? '' },
        );
      },
      (error: unknown) => setTemplateState({ id: templateId, template: null, errorKey: toErrorKey(error) }),
    );
  }, [templateId]);

  if (loadErrorKey) return <LoadFailure errorKey={loadErrorKey} onRetry={load} />;
  if (!loaded) {
    return (
      <section className="ui-card forms-card--wide" aria-busy="true">
        <p className="ui-hint">{t('formSigning.loading')}</p>
      </section>
    );
  }

  const { response, templates } = loaded;
  const template = templateState?.id === templateId ? templateState.template : null;
  const otherRoles = template ? otherRolesOf(template, draft.respondentRoleId) : [];
  const problemAt = (path: string) => (problems[path] ? t(problems[path]) : undefined);
  const change = (changes: Partial<SigningDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const changePerson = (roleId: string, changes: Partial<Person>) =>
    setDraft((current) => ({
      ...current,
      people: {
        ...current.people,
        [roleId]: { name: '', email: '', ...current.people[roleId], ...changes },
      },
    }));

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    setStatus('');
    setSaveErrorKey(null);
    const found = checkDraft(draft, otherRoles);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setSaveErrorKey('errors.VALIDATION_FAILED');
      return;
    }
    setIsSaving(true);
    try {
      const saved = await saveFormSigning(formId, settingsOf(draft, otherRoles));
      setLoaded({ response: saved, templates });
      setStatus(t('formSigning.saved'));
    } catch (error) {
      const details = error instanceof ApiError ? validationDetailsSchema.safeParse(error.details) : null;
      if (details?.success) setProblems(problemsOf(details.data.issues, otherRoles));
      setSaveErrorKey(toErrorKey(error));
    } finally {
      setIsSaving(false);
    }
  };

  const onRemove = async () => {
    setIsRemoveOpen(false);
    setSaveErrorKey(null);
    try {
      await deleteFormSigning(formId);
      setLoaded({ response: { ...response, settings: null, updatedAt: null, updatedBy: null }, templates });
      setDraft(emptyDraft);
      setProblems({});
      setStatus(t('formSigning.removed'));
    } catch (error) {
      setSaveErrorKey(toErrorKey(error));
    }
  };

  const heading = (
    <>
      <h2 id="form-signing-title">{t('formSigning.title')}</h2>
      <p className="ui-hint">{t('formSigning.intro')}</p>
      <p>{t(response.hasWorkflow ? 'formSigning.flowWithWorkflow' : 'formSigning.flowWithoutWorkflow')}</p>
      <p className="ui-hint" role="status">
        {status}
      </p>
    </>
  );

  if (templates.length === 0 && !response.settings) {
    return (
      <section className="ui-card forms-card--wide" aria-labelledby="form-signing-title">
        {heading}
        <div className="ui-empty">
          <p>{t('formSigning.noTemplates')}</p>
          <AppLink to="v1-documents-templates" className="ui-button ui-button--primary">
            {t('formSigning.toTemplates')}
          </AppLink>
        </div>
      </section>
    );
  }

  const emailFields = emailFieldsOf(definition);
  const signerRoles = template ? signerRolesOf(template) : [];
  const roleName = (roleId: string) => template?.roles.find((role) => role.id === roleId)?.name ?? roleId;

  return (
    <section className="ui-card forms-card--wide" aria-labelledby="form-signing-title">
      {heading}
      <form className="form-signing" noValidate onSubmit={onSave}>
        <label className="ui-field ui-field--inline">
          <input
            type="checkbox"
            checked={draft.isEnabled}
            aria-describedby="form-signing-enabled-hint"
            onChange={(event) => change({ isEnabled: event.target.checked })}
          />
          <span>{t('formSigning.isEnabled')}</span>
        </label>
        <p id="form-signing-enabled-hint" className="ui-field__hint ui-hint">
          {t('formSigning.isEnabledHint')}
        </p>
        <div className="form-signing__grid">
          <SelectField
            label={t('formSigning.template')}
            value={draft.templateId}
            placeholder={t('formSigning.choose')}
            options={templates.map((summary) => ({ value: summary.id, label: summary.name }))}
            error={problemAt('templateId')}
            onChange={(id) => change({ templateId: id, respondentRoleId: '', prefill: {}, people: {} })}
          />
          {template ? (
            <SelectField
              label={t('formSigning.respondentRole')}
              value={draft.respondentRoleId}
              placeholder={t('formSigning.choose')}
              options={signerRoles.map((role) => ({ value: role.id, label: role.name }))}
              hint={signerRoles.length > 0 ? t('formSigning.respondentRoleHint') : t('formSigning.noSignerRole')}
              error={problemAt('respondentRoleId')}
              onChange={(roleId) => change({ respondentRoleId: roleId })}
            />
          ) : null}
          <SelectField
            label={t('formSigning.nameField')}
            value={draft.nameFieldId}
            placeholder={t('formSigning.choose')}
            options={fieldOptions(nameFieldsOf(definition))}
            error={problemAt('nameFieldId')}
            onChange={(fieldId) => change({ nameFieldId: fieldId })}
          />
          <SelectField
            label={t('formSigning.emailField')}
            value={draft.emailFieldId}
            placeholder={t('formSigning.choose')}
            options={fieldOptions(emailFields)}
            hint={emailFields.length > 0 ? t('formSigning.emailFieldHint') : t('formSigning.noEmailField')}
            error={problemAt('emailFieldId')}
            onChange={(fieldId) => change({ emailFieldId: fieldId })}
          />
        </div>
        {templateState?.id === templateId && templateState.errorKey ? (
          <p className="ui-error" role="alert">
            {t(templateState.errorKey)}
          </p>
        ) : null}
        {templateId && !template && !templateState?.errorKey ? (
          <p className="ui-hint">{t('formSigning.templateLoading')}</p>
        ) : null}
        {template ? (
          <>
            <fieldset className="ui-fieldset">
              <legend>{t('formSigning.prefillTitle')}</legend>
              <p className="ui-hint">{t('formSigning.prefillHint')}</p>
              {prefillKeysOf(template).length === 0 ? (
                <p className="ui-hint">{t('formSigning.noPrefillKeys')}</p>
              ) : null}
              <div className="form-signing__grid">
                {prefillKeysOf(template).map((prefillKey) => (
                  <SelectField
                    key={prefillKey.key}
                    label={t('formSigning.prefillKey', {
                      key: prefillKey.key,
                      fields: prefillKey.fields
                        .map(
                          (field) =>
                            `${roleName(field.roleId)}: ${field.label ?? t(`formSigning.fieldKinds.${field.kind}`)}`,
                        )
                        .join(', '),
                    })}
                    value={draft.prefill[prefillKey.key] ?? ''}
                    placeholder={t('formSigning.noPrefill')}
                    options={fieldOptions(prefillFieldsOf(definition, prefillKey))}
                    error={problemAt(`prefill.${prefillKey.key}`)}
                    onChange={(fieldId) => change({ prefill: { ...draft.prefill, [prefillKey.key]: fieldId } })}
                  />
                ))}
              </div>
            </fieldset>
            <fieldset className="ui-fieldset">
              <legend>{t('formSigning.peopleTitle')}</legend>
              <p className="ui-hint">
                {otherRoles.length > 0 ? t('formSigning.peopleHint') : t('formSigning.noPeople')}
              </p>
              {problemAt('recipients') ? <p className="ui-error">{problemAt('recipients')}</p> : null}
              {otherRoles.map((role) => (
                <fieldset key={role.id} className="ui-fieldset">
                  <legend>
                    {t('formSigning.roleOf', {
                      role: role.name,
                      kind: t(`formSigning.roleKinds.${role.kind}`),
                      stage: role.order,
                    })}
                  </legend>
                  <div className="form-signing__grid">
                    <InputField
                      label={`${t('formSigning.personName')} (${role.name})`}
                      value={draft.people[role.id]?.name ?? ''}
                      maxLength={signingRecipientNameMaxLength}
                      error={problemAt(`people.${role.id}.name`)}
                      onChange={(name) => changePerson(role.id, { name })}
                    />
                    <InputField
                      label={`${t('formSigning.personEmail')} (${role.name})`}
                      type="email"
                      value={draft.people[role.id]?.email ?? ''}
                      error={problemAt(`people.${role.id}.email`)}
                      onChange={(email) => changePerson(role.id, { email })}
                    />
                  </div>
                </fieldset>
              ))}
            </fieldset>
          </>
        ) : null}
        <InputField
          label={t('formSigning.message')}
          value={draft.message}
          isMultiline
          maxLength={signingMessageMaxLength}
          error={problemAt('message')}
          onChange={(message) => change({ message })}
        />
        <div className="form-signing__grid">
          <InputField
            label={t('formSigning.expiryDays')}
            type="number"
            value={draft.expiryDays}
            error={problemAt('expiryDays')}
            maxLength={String(signingExpiryMaxDays).length}
            onChange={(expiryDays) => change({ expiryDays })}
          />
          <SelectField
            label={t('formSigning.reminders')}
            value={draft.reminderEveryDays}
            placeholder={t('formSigning.reminderNone')}
            options={reminderDays.map((count) => ({
              value: String(count),
              label: t('formSigning.reminderEvery', { count }),
            }))}
            error={problemAt('reminderEveryDays')}
            onChange={(reminderEveryDays) => change({ reminderEveryDays })}
          />
        </div>
        {saveErrorKey ? (
          <p className="ui-error" role="alert">
            {t(saveErrorKey)}
          </p>
        ) : null}
        {response.updatedBy ? (
          <p className="ui-hint">{t('formSigning.sender', { name: response.updatedBy.name })}</p>
        ) : null}
        <div className="ui-toolbar">
          <Button type="submit" disabled={isSaving}>
            {isSaving ? t('formSigning.saving') : t('formSigning.save')}
          </Button>
          {response.settings ? (
            <Button variant="secondary" onClick={() => setIsRemoveOpen(true)}>
              {t('formSigning.remove')}
            </Button>
          ) : null}
        </div>
      </form>
      <ConfirmDialog
        isOpen={isRemoveOpen}
        title={t('formSigning.removeTitle')}
        confirmLabel={t('formSigning.remove')}
        cancelLabel={t('cancel')}
        onConfirm={onRemove}
        onCancel={() => setIsRemoveOpen(false)}
      >
        <p>{t('formSigning.removeText')}</p>
      </ConfirmDialog>
    </section>
  );
}
