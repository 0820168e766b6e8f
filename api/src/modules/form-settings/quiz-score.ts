import { type Answers, type FormField, type QuizResult, type QuizSettings, resolveForm } from '@formwerk/contracts';
import type { Form } from '../forms/form.model';
import { readFormSetting } from './form-settings.service';

type ScoredForm = { settings: Form['settings']; definition: Form['definition'] };

function isCorrect(field: FormField, answer: Answers[string], correctChoiceIds: string[]): boolean {
  if (field.type === 'multipleChoice') {
    const picked = new Set(Array.isArray(answer) ? answer.filter((item) => typeof item === 'string') : []);
    return picked.size === correctChoiceIds.length && correctChoiceIds.every((id) => picked.has(id));
  }
  return typeof answer === 'string' && correctChoiceIds.includes(answer);
}

/**
 * A quiz's score for stored answers: the points of every scored field the respondent met (fields
 * hidden or pages skipped by conditions count neither way) that was answered right. `null` when the
 * form is no quiz. Corrections are told only when the quiz shows the right answers.
 */
export function scoreQuiz(form: ScoredForm, answers: Answers): QuizResult | null {
  const quiz: QuizSettings = readFormSetting(form, 'quiz');
  if (!quiz.isQuiz) return null;
  const rules = readFormSetting(form, 'condition').rules;
  const met = resolveForm(form.definition, answers, rules).pages.flatMap((page) => page.fields);
  let points = 0;
  let maxPoints = 0;
  const corrections: NonNullable<QuizResult['corrections']> = [];
  for (const field of met) {
    const key = quiz.answerKey[field.id];
    if (!key) continue;
    maxPoints += key.points;
    const correct = isCorrect(field, answers[field.id], key.correctChoiceIds);
    if (correct) points += key.points;
    corrections.push({ fieldId: field.id, isCorrect: correct, correctChoiceIds: key.correctChoiceIds });
  }
  return { points, maxPoints, ...(quiz.showCorrectAnswers ? { corrections } : {}) };
}
