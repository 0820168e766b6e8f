import { z } from 'zod';

/** The onboarding survey a new account answers once (product-spec §4: the survey flag). */
export const surveyRoles = ['founder', 'manager', 'hr', 'it', 'other'] as const;
export const surveyTeamSizes = ['1', '2-10', '11-50', '51-250', '250+'] as const;

export const surveyRequestSchema = z.strictObject({
  role: z.enum(surveyRoles),
  teamSize: z.enum(surveyTeamSizes),
  goal: z.string().trim().max(500).default(''),
});
export type SurveyRequest = z.input<typeof surveyRequestSchema>;
