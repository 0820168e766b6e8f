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

/**
 * What a sign-in asks next when the password (or Google) was right but the account needs more: the code
 * of its authenticator app (`two-factor`), or setting one up first because a team it owns or
 * administers requires it (`enrol-two-factor`). The proof of the first step travels in an httpOnly
 * cookie that lasts minutes; no session exists until the step is done.
 */
export const signInStepSchema = z.enum(['two-factor', 'enrol-two-factor']);
export type SignInStep = z.infer<typeof signInStepSchema>;
export const signInStepResponseSchema = z.object({ step: signInStepSchema });
export type SignInStepResponse = z.infer<typeof signInStepResponseSchema>;

/** POST /auth/login and /auth/reset-password: the session, or the step still missing before it. */
export const signInResponseSchema = z.union([sessionResponseSchema, signInStepResponseSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;

/** A code of an authenticator app: six digits, spaces allowed as the apps group them ("123 456"). */
export const totpCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** The second step: the app's code, or one of the recovery codes (`xxxxx-xxxxx`), each good once. */
export const twoFactorSignInRequestSchema = z.strictObject({ code: z.string().trim().min(6).max(40) });
export type TwoFactorSignInRequest = z.input<typeof twoFactorSignInRequestSchema>;

/**
 * A new authenticator app to confirm: the secret for typing it in, the otpauth:// address apps read, and
 * that address as a QR code (an SVG data URL, drawn by the api).
 */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCode: z.string().startsWith('data:image/svg+xml'),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Confirms the new app with its first code; two-factor sign-in is on only after this. */
export const confirmTwoFactorRequestSchema = z.strictObject({ code: totpCodeSchema });
export type ConfirmTwoFactorRequest = z.input<typeof confirmTwoFactorRequestSchema>;

/** Ten single-use codes for when the app is not at hand, shown this once (stored only as hashes). */
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesResponseSchema>;

/** POST /auth/two-factor/enrolment/confirm: the session that the required setup ends in, and the recovery codes. */
export const enrolledSignInResponseSchema = sessionResponseSchema.extend({ recoveryCodes: z.array(z.string()) });
export type EnrolledSignInResponse = z.infer<typeof enrolledSignInResponseSchema>;

/** GET /auth/providers: the ways to sign in besides a password that this site offers. */
export const authProvidersResponseSchema = z.object({ google: z.boolean() });
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** GET /auth/google: where to go after signing in (a path of this site), the page's language, remember me. */
export const googleSignInQuerySchema = z.object({
  redirect: z.string().max(2000).optional().catch(undefined),
  locale: localeSchema.catch('de'),
  rememberMe: z
    .enum(['true', 'false'])
    .catch('false')
    .transform((value) => value === 'true'),
});

/**
 * Why a sign-in with Google ended on the home page with the login dialog open (`?loginError=`): cancelled
 * at Google, an address Google has not verified, or anything else that went wrong (an answer that failed
 * its checks, a link too old); `google-unavailable` when the site offers no Google sign-in, and
 * `sso-required` when a team makes the address's domain sign in through single sign-on.
 */
export const loginErrorSchema = z.enum([
  'google-cancelled',
  'google-unverified',
  'google-failed',
  'google-unavailable',
  'sso-required',
]);
export type LoginError = z.infer<typeof loginErrorSchema>;
