import { type AnswerValue, type FormField, isEmptyAnswer } from '@formwerk/contracts';
import { AnswerInput, Button } from '@formwerk/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { resubmitInstance } from '../api/submission-workflow-api';
import { useChangeableFields } from '../hooks/use-changeable-fields';

/** The field types the requester can change on this page; files and signatures are sent with the form. */
const changeableTypes = new Set<FormField['type']>([
  'shortText',
  'longText',
  'email',
  'phone',
  'number',
  'date',
  'time',
  'singleChoice',
  'multipleChoice',
  'dropdown',
  'yesNo',
  'rating',
  'opinionScale',
  'consent',
]);

const inputId = (fieldId: string) => `resubmit-${fieldId}`;

type ResubmitFormProps = {
  instanceId: string;
  submissionId: string;
  fieldIds: readonly string[];
  onResubmitted: () => void;
};

/** The fields the approver asked to change, pre-filled, and sending them back into the approval. */
export function ResubmitForm({ instanceId, submissionId, fieldIds, onResubmitted }: ResubmitFormProps) {
  const { t } = useTranslation('forms');
  const changeable = useChangeableFields(submissionId, fieldIds);
  if (changeable.status === 'loading') return <p className="ui-hint">{t('loading')}</p>;
  if (changeable.status === 'failed') {
    return (
      <p role="alert" className="ui-error">
        {t(changeable.errorKey)}
      </p>
    );
  }
  return (
    <ResubmitFields
      instanceId={instanceId}
      fields={changeable.fields.filter((field) => changeableTypes.has(field.type))}
      answers={changeable.answers}
      onResubmitted={onResubmitted}
    />
  );
}

type ResubmitFieldsProps = {
  instanceId: string;
  fields: FormField[];
  answers: Record<string, AnswerValue | undefined>;
  onResubmitted: () => void;
};

function ResubmitFields({ instanceId, fields, answers, onResubmitted }: ResubmitFieldsProps) {
  const { t } = useTranslation('forms');
  const errorText = (key: string | undefined) => (key ? t(key) : undefined);
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((field) => [field.id, answers[field.id]])));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setErrorKey(null);
    const problems = Object.fromEntries(
      fields
        .filter((field) => field.required && isEmptyAnswer(values[field.id]))
        .map((field) => [inputId(field.id), 'submissionWorkflow.changes.required']),
    );
    setFieldErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setIsSending(true);
    try {
      // Only the fields the approver opened for change go back; the api refuses any other.
      await resubmitInstance(instanceId, values);
      onResubmitted();
    } catch (error) {
      setErrorKey(toErrorKey(error));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form className="workflow-resubmit" onSubmit={onSubmit} noValidate>
      {fields.length === 0 ? <p className="ui-hint">{t('submissionWorkflow.changes.noFields')}</p> : null}
      {fields.map((field) => (
        <AnswerInput
          key={field.id}
          id={inputId(field.id)}
          field={field}
          value={values[field.id]}
          onChange={(value) => {
            setValues((current) => ({ ...current, [field.id]: value }));
            setFieldErrors(({ [inputId(field.id)]: _fixed, ...rest }) => rest);
          }}
          error={errorText(fieldErrors[inputId(field.id)])}
          texts={{
            untitled: t('submissionWorkflow.fields.untitled'),
            yes: t('submissionWorkflow.fields.yes'),
            no: t('submissionWorkflow.fields.no'),
            choose: t('submissionWorkflow.fields.choose'),
          }}
        />
      ))}
      {errorKey ? (
        <p role="alert" className="ui-error">
          {t(errorKey)}
        </p>
      ) : null}
      <div className="ui-toolbar">
        <Button type="submit" disabled={isSending}>
          {t('submissionWorkflow.changes.resubmit')}
        </Button>
      </div>
    </form>
  );
}
