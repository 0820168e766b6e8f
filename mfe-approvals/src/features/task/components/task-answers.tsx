import { type FormField, type TaskDetailResponse, takesAnswer } from '@formwerk/contracts';
import { AnswerInput } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';
import { useAnswerInputTexts } from '../hooks/use-answer-input-texts';
import type { Decision } from '../hooks/use-decision';
import { accessOf, answerInputId, isEditableHere, toAnswerValue } from '../utils/task-fields';
import { AnswerText } from './answer-text';

type TaskAnswersProps = {
  detail: TaskDetailResponse;
  /** The draft while the reader decides; without it every answer is read-only. */
  decision: Decision | null;
};

type Run = { isEditable: boolean; fields: FormField[] };

/** Consecutive fields of one kind together: read-only answers form a description list, inputs stand alone. */
function toRuns(fields: FormField[], isEditable: (field: FormField) => boolean): Run[] {
  const runs: Run[] = [];
  for (const field of fields) {
    const last = runs.at(-1);
    if (last && last.isEditable === isEditable(field)) last.fields.push(field);
    else runs.push({ isEditable: isEditable(field), fields: [field] });
  }
  return runs;
}

/**
 * The submission seen through the step's screen, page by page: hidden fields stay out, read-only ones
 * read as text, editable ones are inputs pre-filled with the answer (only while the reader decides).
 */
export function TaskAnswers({ detail, decision }: TaskAnswersProps) {
  const { t } = useTranslation('approvals');
  const errorText = (key: string | undefined) => (key ? t(key) : undefined);
  const answerTexts = useAnswerInputTexts();
  const pages = detail.form.pages
    .map((page) => ({
      page,
      fields: page.fields.filter((field) => takesAnswer(field) && accessOf(detail, field.id) !== 'hidden'),
    }))
    .filter(({ fields }) => fields.length > 0);

  if (pages.length === 0) {
    return (
      <section className="ui-card" aria-labelledby="task-answers-none">
        <h2 id="task-answers-none">{t('inbox.task.answersTitle')}</h2>
        <p className="ui-hint">{t('inbox.task.noVisibleAnswers')}</p>
      </section>
    );
  }

  const isEditable = (field: FormField) => decision !== null && isEditableHere(detail, field);

  return (
    <>
      {pages.map(({ page, fields }, index) => (
        <section key={page.id} className="ui-card" aria-labelledby={`task-page-${page.id}`}>
          <h2 id={`task-page-${page.id}`}>
            {page.title ||
              (pages.length === 1 ? t('inbox.task.answersTitle') : t('inbox.task.page', { number: index + 1 }))}
          </h2>
          {toRuns(fields, isEditable).map((run) =>
            run.isEditable && decision ? (
              run.fields.map((field) => (
                <AnswerInput
                  key={field.id}
                  id={answerInputId(field.id)}
                  field={field}
                  value={decision.answers[field.id]}
                  onChange={(value) => decision.setAnswer(field.id, value)}
                  error={errorText(decision.fieldErrors[answerInputId(field.id)])}
                  texts={answerTexts}
                />
              ))
            ) : (
              <dl key={run.fields[0]?.id} className="task-answers">
                {run.fields.map((field) => (
                  <div key={field.id} className="task-answers__item">
                    <dt>{field.label || t('inbox.task.untitledField')}</dt>
                    <dd>
                      <AnswerText field={field} value={toAnswerValue(detail.answers[field.id])} />
                    </dd>
                  </div>
                ))}
              </dl>
            ),
          )}
        </section>
      ))}
    </>
  );
}
