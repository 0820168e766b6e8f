import { z } from 'zod';

export const localeSchema = z.enum(['de', 'en']);
export type Locale = z.infer<typeof localeSchema>;

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
  /** False until the link of the verification mail is opened, which is also the first sign-in. */
  emailVerified: z.boolean(),
  ownedTeamIds: z.array(z.number().int()),
});
export type CurrentUserDto = z.infer<typeof currentUserSchema>;

export const sessionResponseSchema = z.object({
  user: currentUserSchema,
  /** The numeric id the `team` cookie carries. */
  teamId: z.number().int(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
/** A new verification link, asked for by a guest after signing up. */
export const resendVerificationRequestSchema = z.strictObject({ email: emailSchema });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequestSchema>;
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

/** The random part of a mailed link (verification, reset, invitation): 256 bits in base64url. */
export const linkTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const resetPasswordRequestSchema = z.strictObject({ token: linkTokenSchema, password: newPasswordSchema });
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** The query of the verification link; the api answers it with a redirect to a page. */
export const verifyEmailQuerySchema = z.object({ token: z.string().max(100) });
