import { z } from 'zod';
import { surveyRoles, surveyTeamSizes } from './survey-options';

export const surveyRequestSchema = z.strictObject({
  role: z.enum(surveyRoles),
  teamSize: z.enum(surveyTeamSizes),
  goal: z.string().trim().max(500).default(''),
});
export type SurveyRequest = z.input<typeof surveyRequestSchema>;
