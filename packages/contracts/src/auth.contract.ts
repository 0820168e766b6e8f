import { z } from 'zod';

export const localeSchema = z.enum(['de', 'en']);

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email().max(254));
/** Long enough to resist guessing, capped so that hashing stays cheap for the server. */
export const newPasswordSchema = z.string().min(10).max(200);

export const signUpRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  email: emailSchema,
  password: newPasswordSchema,
  locale: localeSchema.default('de'),
});
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(200),
  rememberMe: z.boolean().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** The current user as the `me` cookie carries it (ARCHITECTURE.md §3) and the session answer returns it. */
export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  locale: localeSchema,
  /** Set until the onboarding survey is answered (product-spec §4). */
  survey: z.boolean(),
  ownedTeamIds: z.array(z.number().int()),
});
export type CurrentUserDto = z.infer<typeof currentUserSchema>;

export const sessionResponseSchema = z.object({
  user: currentUserSchema,
  /** The numeric id the `team` cookie carries. */
  teamId: z.number().int(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;
