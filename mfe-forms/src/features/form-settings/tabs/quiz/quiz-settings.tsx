import type { FormDefinition, FormField, QuizSettings as QuizValue } from '@formwerk/contracts';
import { AppLink } from '@formwerk/platform';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingForm } from '../../components/setting-form';
import { CheckboxInput } from '../../components/setting-inputs';
import { useFormSettingsContext } from '../../hooks/form-settings-context';
import { useSettingTab } from '../../hooks/use-setting-tab';
import './quiz-settings.css';

type ChoiceField = Extract<FormField, { type: 'singleChoice' | 'multipleChoice' | 'dropdown' }>;
type AnswerKeyEntry = QuizValue['answerKey'][string];

const maxPoints = 1000;

const isChoiceField = (field: FormField): field is ChoiceField =>
  field.type === 'singleChoice' || field.type === 'multipleChoice' || field.type === 'dropdown';

const choiceFieldsOf = (definition: FormDefinition) =>
  definition.pages.flatMap((page) => page.fields).filter(isChoiceField);

const isValidPoints = (points: number) => Number.isInteger(points) && points >= 0 && points <= maxPoints;

/**
 * What of the answer key still fits the form: questions removed or changed in the builder since, and
 * choices no longer there, are left out, so an old key never blocks saving.
 */
function withCurrentFields(quiz: QuizValue, definition: FormDefinition): QuizValue {
  const fields = new Map(choiceFieldsOf(definition).map((field) => [field.id, field]));
  const answerKey = Object.entries(quiz.answerKey).flatMap(([fieldId, key]): [string, AnswerKeyEntry][] => {
    const field = fields.get(fieldId);
    if (!field) return [];
    const choiceIds = new Set(field.choices.map((choice) => choice.id));
    const correctChoiceIds = key.correctChoiceIds.filter((id) => choiceIds.has(id));
    return correctChoiceIds.length > 0 ? [[fieldId, { ...key, correctChoiceIds }]] : [];
  });
  return { ...quiz, answerKey: Object.fromEntries(answerKey) };
}

/** The "quiz" tab: whether the form is a quiz, the right answers and their points, what respondents learn. */
export function QuizSettings() {
  const { t } = useTranslation('forms');
  const { form } = useFormSettingsContext();
  const { draft, update, save, saveState, issueAt, reload } = useSettingTab('quiz', (quiz) =>
    withCurrentFields(quiz, form.definition),
  );
  const fields = choiceFieldsOf(form.definition);
  const setKey = (fieldId: string, key: AnswerKeyEntry | null) => {
    const { [fieldId]: _, ...others } = draft.answerKey;
    update({ ...draft, answerKey: key ? { ...others, [fieldId]: key } : others });
  };
  const reachable = fields.reduce((sum, field) => {
    const points = draft.answerKey[field.id]?.points ?? 0;
    return sum + (isValidPoints(points) ? points : 0);
  }, 0);

  return (
    <SettingForm saveState={saveState} onSave={save} onReload={reload}>
      <section className="ui-card" aria-labelledby="quiz-mode">
        <h2 id="quiz-mode">{t('formSettings.quiz.modeTitle')}</h2>
        <p className="ui-hint">{t('formSettings.quiz.modeHint')}</p>
        <div className="settings-fields">
          <CheckboxInput
            label={t('formSettings.quiz.isQuiz')}
            checked={draft.isQuiz}
            onChange={(isQuiz) => update({ ...draft, isQuiz })}
          />
          {draft.isQuiz ? (
            <>
              <CheckboxInput
                label={t('formSettings.quiz.showScore')}
                hint={t('formSettings.quiz.showScoreHint')}
                checked={draft.showScore}
                onChange={(showScore) => update({ ...draft, showScore })}
              />
              {/* The right answers come with the score: without it the thank-you page tells neither. */}
              {draft.showScore ? (
                <CheckboxInput
                  label={t('formSettings.quiz.showCorrectAnswers')}
                  hint={t('formSettings.quiz.showCorrectAnswersHint')}
                  checked={draft.showCorrectAnswers}
                  onChange={(showCorrectAnswers) => update({ ...draft, showCorrectAnswers })}
                />
              ) : null}
            </>
          ) : null}
        </div>
      </section>
      {draft.isQuiz ? (
        fields.length === 0 ? (
          <section className="ui-card" aria-labelledby="quiz-empty">
            <h2 id="quiz-empty">{t('formSettings.quiz.emptyTitle')}</h2>
            <p>{t('formSettings.quiz.emptyText')}</p>
            <div>
              <AppLink to="v1-forms-id" params={{ id: form.id }} className="ui-button ui-button--secondary">
                {t('formSettings.quiz.toBuilder')}
              </AppLink>
            </div>
          </section>
        ) : (
          <section className="ui-card" aria-labelledby="quiz-answer-key">
            <h2 id="quiz-answer-key">{t('formSettings.quiz.answerKeyTitle')}</h2>
            <p className="ui-hint">{t('formSettings.quiz.answerKeyHint')}</p>
            <p role="status" className="quiz-settings__total">
              {t('formSettings.quiz.maxPoints', { count: reachable })}
            </p>
            <ol className="quiz-settings__questions">
              {fields.map((field) => (
                <li key={field.id}>
                  <AnswerKeyQuestion
                    field={field}
                    entry={draft.answerKey[field.id]}
                    problem={issueAt('answerKey', field.id)}
                    onChange={(key) => setKey(field.id, key)}
                  />
                </li>
              ))}
            </ol>
          </section>
        )
      ) : null}
    </SettingForm>
  );
}

type AnswerKeyQuestionProps = {
  field: ChoiceField;
  entry: AnswerKeyEntry | undefined;
  /** The api's objection to this question's key, as its code. */
  problem: string | undefined;
  onChange: (entry: AnswerKeyEntry | null) => void;
};

/**
 * One question's right answer and points. Single choice and dropdown take one right answer (radio
 * buttons, "not scored" among them), multiple choice the exact set of right ones (check boxes).
 */
function AnswerKeyQuestion({ field, entry, problem, onChange }: AnswerKeyQuestionProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const isMultiple = field.type === 'multipleChoice';
  const correct = new Set(entry?.correctChoiceIds ?? []);
  const points = entry?.points ?? 1;
  const choose = (correctChoiceIds: string[]) =>
    onChange(correctChoiceIds.length > 0 ? { correctChoiceIds, points } : null);
  const toggle = (choiceId: string, isChecked: boolean) =>
    choose(
      field.choices.map((choice) => choice.id).filter((each) => (each === choiceId ? isChecked : correct.has(each))),
    );

  return (
    <fieldset className="quiz-settings__question" aria-describedby={`${id}-hint`}>
      <legend>{field.label || t('formSettings.quiz.untitledField')}</legend>
      <span id={`${id}-hint`} className="ui-hint">
        {t(isMultiple ? 'formSettings.quiz.multipleHint' : 'formSettings.quiz.singleHint')}
      </span>
      <div className="quiz-settings__choices">
        {isMultiple ? null : (
          <label className="settings-field--inline">
            <input type="radio" name={id} checked={correct.size === 0} onChange={() => choose([])} />
            <span>{t('formSettings.quiz.notScored')}</span>
          </label>
        )}
        {field.choices.map((choice) => (
          <label key={choice.id} className="settings-field--inline">
            <input
              type={isMultiple ? 'checkbox' : 'radio'}
              name={id}
              checked={correct.has(choice.id)}
              onChange={(event) => (isMultiple ? toggle(choice.id, event.target.checked) : choose([choice.id]))}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {entry ? <PointsInput points={entry.points} onChange={(next) => onChange({ ...entry, points: next })} /> : null}
      {problem ? (
        <p role="alert" className="ui-error">
          {t(`formSettings.quiz.problems.${problem}`, { defaultValue: t('formSettings.quiz.pointsInvalid') })}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The points of a question, typed freely: what is no whole number from 0 to 1000 is said at once and
 * reaches the draft as NaN, which the api refuses, so it is never saved as something else.
 */
function PointsInput({ points, onChange }: { points: number; onChange: (points: number) => void }) {
  const { t } = useTranslation('forms');
  const id = useId();
  const [text, setText] = useState(Number.isNaN(points) ? '' : String(points));
  const isInvalid = !isValidPoints(points);
  return (
    <div className="settings-field quiz-settings__points">
      <label htmlFor={id}>{t('formSettings.quiz.points')}</label>
      <input
        id={id}
        type="number"
        min={0}
        max={maxPoints}
        step={1}
        value={text}
        aria-invalid={isInvalid || undefined}
        aria-describedby={isInvalid ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          onChange(event.target.value.trim() === '' ? Number.NaN : Number(event.target.value));
        }}
      />
      {isInvalid ? (
        <span id={`${id}-error`} className="ui-error">
          {t('formSettings.quiz.pointsInvalid')}
        </span>
      ) : null}
    </div>
  );
}
