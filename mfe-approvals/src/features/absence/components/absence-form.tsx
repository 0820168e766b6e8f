import type { Absence, WorkflowListResponse, WorkflowPeopleResponse } from '@formwerk/contracts';
import { formatDate, useLocale, useSessionStore } from '@formwerk/platform';
import { Button } from '@formwerk/ui';
import { type FormEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveAbsence } from '../api/absence-api';
import type { OnDemand } from '../hooks/use-on-demand';
import { startOfDay, toDayText } from '../utils/absence-days';
import {
  type AbsenceDraft,
  checkDraft,
  type DraftErrors,
  type DraftField,
  draftOf,
  toAbsenceRequest,
} from '../utils/absence-draft';
import { absenceErrorKey } from '../utils/absence-error-key';

type AbsenceFormProps = {
  /** The absence to change; null sets a new one. */
  absence: Absence | null;
  people: OnDemand<WorkflowPeopleResponse>;
  workflows: OnDemand<WorkflowListResponse>;
  onSaved: (absence: Absence | null) => void;
  onCancel: () => void;
};

// The order the fields stand in, so a failed check moves focus to the first one wrong.
const fieldOrder: readonly DraftField[] = ['from', 'until', 'delegateUserId', 'workflowIds'];

/** Sets or changes the absence: its days, the delegate, the workflows it covers and the open tasks. */
export function AbsenceForm({ absence, people, workflows, onSaved, onCancel }: AbsenceFormProps) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  const id = useId();
  const ids: Record<DraftField, string> = {
    from: `${id}-from`,
    until: `${id}-until`,
    delegateUserId: `${id}-delegate`,
    workflowIds: `${id}-chosen-workflows`,
  };
  const firstField = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState<AbsenceDraft>(() => draftOf(absence, toDayText(new Date())));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [isSaving, setIsSaving] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  // The form takes the place of the button that opened it: focus follows into it.
  useEffect(() => {
    firstField.current?.focus();
  }, []);

  const change = (values: Partial<AbsenceDraft>, field?: DraftField) => {
    setDraft((current) => ({ ...current, ...values }));
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const found = checkDraft(draft, toDayText(new Date()));
    setErrors(found);
    const firstWrong = fieldOrder.find((field) => found[field]);
    if (firstWrong) {
      document.getElementById(ids[firstWrong])?.focus();
      return;
    }
    setIsSaving(true);
    setErrorKey(null);
    try {
      const { absence: saved } = await saveAbsence(toAbsenceRequest(draft));
      onSaved(saved);
    } catch (error) {
      setErrorKey(absenceErrorKey(error));
      setIsSaving(false);
    }
  };

  const isPeriodComplete = draft.from !== '' && draft.until !== '' && draft.from <= draft.until;

  return (
    <form className="absence-form" aria-labelledby={`${id}-title`} noValidate onSubmit={onSubmit}>
      <h3 id={`${id}-title`}>{t(absence ? 'absence.form.changeTitle' : 'absence.form.setTitle')}</h3>
      <div className="absence-form__days">
        <DayField
          id={ids.from}
          label={t('absence.form.from')}
          value={draft.from}
          errorKey={errors.from}
          inputRef={firstField}
          onChange={(from) => change({ from }, 'from')}
        />
        <DayField
          id={ids.until}
          label={t('absence.form.until')}
          value={draft.until}
          min={draft.from}
          errorKey={errors.until}
          onChange={(until) => change({ until }, 'until')}
        />
      </div>
      {isPeriodComplete ? (
        <p className="ui-field__hint">
          {t('absence.form.periodHint', {
            from: formatDate(startOfDay(draft.from), locale),
            until: formatDate(startOfDay(draft.until), locale),
          })}
        </p>
      ) : null}
      <DelegateField
        id={ids.delegateUserId}
        absence={absence}
        people={people}
        value={draft.delegateUserId}
        errorKey={errors.delegateUserId}
        onChange={(delegateUserId) => change({ delegateUserId }, 'delegateUserId')}
      />
      <WorkflowsField
        id={ids.workflowIds}
        absence={absence}
        workflows={workflows}
        draft={draft}
        errorKey={errors.workflowIds}
        onChange={(values) => change(values, 'workflowIds')}
      />
      <div>
        <label className="approval-check">
          <input
            type="checkbox"
            checked={draft.includeOpen}
            aria-describedby={`${id}-include-open-hint`}
            onChange={(event) => change({ includeOpen: event.target.checked })}
          />
          {t('absence.form.includeOpen')}
        </label>
        <p id={`${id}-include-open-hint`} className="ui-field__hint">
          {t('absence.form.includeOpenHint')}
        </p>
      </div>
      {errorKey ? (
        <p role="alert" className="ui-error">
          {t(errorKey)}
        </p>
      ) : null}
      <div className="ui-toolbar">
        <Button type="submit" disabled={isSaving}>
          {t(isSaving ? 'absence.form.saving' : 'absence.form.save')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('absence.cancel')}
        </Button>
      </div>
    </form>
  );
}

type DayFieldProps = {
  id: string;
  label: string;
  value: string;
  min?: string;
  errorKey: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
};

/** A day as the browser's date picker takes it (its own format and calendar in the reader's language). */
function DayField({ id, label, value, min, errorKey, inputRef, onChange }: DayFieldProps) {
  return (
    <div className="ui-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="date"
        required
        value={value}
        min={min || undefined}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={errorKey ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} errorKey={errorKey} />
    </div>
  );
}

function FieldError({ id, errorKey }: { id: string; errorKey: string | undefined }) {
  const { t } = useTranslation('approvals');
  return errorKey ? (
    <span id={id} className="ui-field__error">
      {t(errorKey)}
    </span>
  ) : null;
}

type DelegateFieldProps = {
  id: string;
  absence: Absence | null;
  people: OnDemand<WorkflowPeopleResponse>;
  value: string;
  errorKey: string | undefined;
  onChange: (delegateUserId: string) => void;
};

/**
 * The team's members but the reader (nobody stands in for themselves). The delegate set now is
 * offered even before the team is read, or if they have left it, so the select shows who it is.
 */
function DelegateField({ id, absence, people, value, errorKey, onChange }: DelegateFieldProps) {
  const { t } = useTranslation('approvals');
  const ownId = useSessionStore((state) => state.user?.id);
  const others = (people.result?.users ?? []).filter((user) => user.id !== ownId && user.id !== absence?.delegate.id);
  const options = (absence ? [absence.delegate, ...others] : others).sort((left, right) =>
    left.name.localeCompare(right.name),
  );
  const hasNobody = people.result !== null && options.length === 0;
  return (
    <div className="ui-field">
      <label htmlFor={id}>{t('absence.form.delegate')}</label>
      <select
        id={id}
        required
        value={value}
        disabled={hasNobody}
        aria-invalid={errorKey ? true : undefined}
        aria-describedby={errorKey ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{t(people.isLoading ? 'absence.form.loading' : 'absence.form.chooseDelegate')}</option>
        {options.map((user) => (
          <option key={user.id} value={user.id}>
            {user.name} ({user.email})
          </option>
        ))}
      </select>
      <FieldError id={`${id}-error`} errorKey={errorKey} />
      {hasNobody ? <p className="ui-field__hint">{t('absence.form.noDelegates')}</p> : null}
      <LoadFailure onDemand={people} />
    </div>
  );
}

type WorkflowsFieldProps = {
  id: string;
  absence: Absence | null;
  workflows: OnDemand<WorkflowListResponse>;
  draft: AbsenceDraft;
  errorKey: string | undefined;
  onChange: (values: Pick<AbsenceDraft, 'isForAllWorkflows' | 'workflowIds'>) => void;
};

/** All workflows, or only those ticked; a workflow the absence names that is gone stays untickable. */
function WorkflowsField({ id, absence, workflows, draft, errorKey, onChange }: WorkflowsFieldProps) {
  const { t } = useTranslation('approvals');
  const known = workflows.result?.workflows ?? [];
  const gone = workflows.result
    ? (absence?.workflowIds ?? []).filter((workflowId) => !known.some((workflow) => workflow.id === workflowId))
    : [];
  const choices = [
    ...known.map((workflow) => ({ id: workflow.id, name: workflow.name })),
    ...gone.map((workflowId) => ({ id: workflowId, name: t('absence.summary.unknownWorkflow') })),
  ];
  const tick = (workflowId: string, isTicked: boolean) =>
    onChange({
      isForAllWorkflows: false,
      workflowIds: isTicked
        ? [...draft.workflowIds, workflowId]
        : draft.workflowIds.filter((chosen) => chosen !== workflowId),
    });

  return (
    <fieldset className="absence-form__workflows" aria-describedby={errorKey ? `${id}-error` : undefined}>
      <legend>{t('absence.form.workflows')}</legend>
      <label className="approval-check">
        <input
          type="radio"
          name={`${id}-scope`}
          checked={draft.isForAllWorkflows}
          onChange={() => onChange({ isForAllWorkflows: true, workflowIds: draft.workflowIds })}
        />
        {t('absence.form.allWorkflows')}
      </label>
      <label className="approval-check">
        <input
          id={id}
          type="radio"
          name={`${id}-scope`}
          checked={!draft.isForAllWorkflows}
          aria-invalid={errorKey ? true : undefined}
          onChange={() => onChange({ isForAllWorkflows: false, workflowIds: draft.workflowIds })}
        />
        {t('absence.form.chosenWorkflows')}
      </label>
      {draft.isForAllWorkflows ? null : (
        <div className="absence-form__choices">
          {workflows.isLoading ? <p className="ui-hint">{t('absence.form.loading')}</p> : null}
          {workflows.result && choices.length === 0 ? <p className="ui-hint">{t('absence.form.noWorkflows')}</p> : null}
          {choices.length > 0 ? (
            <ul>
              {choices.map((workflow) => (
                <li key={workflow.id}>
                  <label className="approval-check">
                    <input
                      type="checkbox"
                      checked={draft.workflowIds.includes(workflow.id)}
                      onChange={(event) => tick(workflow.id, event.target.checked)}
                    />
                    {workflow.name}
                  </label>
                </li>
              ))}
            </ul>
          ) : null}
          <LoadFailure onDemand={workflows} />
        </div>
      )}
      <FieldError id={`${id}-error`} errorKey={errorKey} />
    </fieldset>
  );
}

/** Why the team's people or workflows could not be read, with a way to ask again. */
function LoadFailure<Result>({ onDemand }: { onDemand: OnDemand<Result> }) {
  const { t } = useTranslation('approvals');
  if (!onDemand.errorKey) return null;
  return (
    <div className="absence-form__failure">
      <p role="alert" className="ui-error">
        {t(onDemand.errorKey)}
      </p>
      <Button variant="secondary" onClick={onDemand.retry}>
        {t('absence.retry')}
      </Button>
    </div>
  );
}
