// Plain values without zod, so that a UI listing the choices does not pull the schemas into its bundle.

/** The onboarding survey a new account answers once (product-spec §4: the survey flag). */
export const surveyRoles = ['founder', 'manager', 'hr', 'it', 'other'] as const;
export const surveyTeamSizes = ['1', '2-10', '11-50', '51-250', '250+'] as const;
