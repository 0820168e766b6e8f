import type { FormField, ScreenExtraField } from '@formwerk/contracts';
import { AnswerInput } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useAnswerInputTexts } from '../hooks/use-answer-input-texts';
import type { Decision } from '../hooks/use-decision';
import { extraInputId } from '../utils/task-fields';

/** An extra field of the screen as the form field of its type, so that it takes the same input. */
function toFormField({ id, label, type, required }: ScreenExtraField): FormField {
  const base = { id, label, required };
  return type === 'number' ? { ...base, type, decimals: 6 } : { ...base, type };
}

type TaskExtraFieldsProps = { fields: readonly ScreenExtraField[]; decision: Decision };

/** What the step asks of the approver besides the decision (a cost centre, a note); kept with it. */
export function TaskExtraFields({ fields, decision }: TaskExtraFieldsProps) {
  const { t } = useTranslation('approvals');
  const errorText = (key: string | undefined) => (key ? t(key) : undefined);
  const answerTexts = useAnswerInputTexts();
  return (
    <section className="ui-card" aria-labelledby="task-extra-fields">
      <h2 id="task-extra-fields">{t('inbox.task.extraTitle')}</h2>
      <p className="ui-hint">{t('inbox.task.extraText')}</p>
      {fields.map((field) => (
        <AnswerInput
          key={field.id}
          id={extraInputId(field.id)}
          field={toFormField(field)}
          value={decision.extra[field.id]}
          onChange={(value) => decision.setExtra(field.id, value)}
          error={errorText(decision.fieldErrors[extraInputId(field.id)])}
          texts={answerTexts}
        />
      ))}
    </section>
  );
}
