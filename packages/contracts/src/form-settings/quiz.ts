import { z } from 'zod';
import { elementIdSchema } from '../form-definition.contract';

/** The "quiz" tab: correct choices and points per choice field; the score is stored on each submission. */
export const quizSettingsSchema = z.strictObject({
  isQuiz: z.boolean().default(false),
  /** Per choice field (single, multiple, dropdown): the choices that are right and what they earn. */
  answerKey: z
    .record(
      elementIdSchema,
      z.strictObject({
        correctChoiceIds: z.array(elementIdSchema).min(1).max(200),
        points: z.number().int().min(0).max(1000).default(1),
      }),
    )
    .default({}),
  showScore: z.boolean().default(true),
  showCorrectAnswers: z.boolean().default(false),
});
export type QuizSettings = z.infer<typeof quizSettingsSchema>;

/** What a respondent learns after sending a quiz. */
export const quizResultSchema = z.object({
  points: z.number().int(),
  maxPoints: z.number().int(),
  /** Per scored field, when the form shows the right answers. */
  corrections: z
    .array(z.object({ fieldId: z.string(), isCorrect: z.boolean(), correctChoiceIds: z.array(z.string()) }))
    .optional(),
});
export type QuizResult = z.infer<typeof quizResultSchema>;
