import { z } from 'zod';
import { localeSchema, newPasswordSchema, twoFactorSignInRequestSchema } from './auth.contract';

export const profileUpdateRequestSchema = z
  .strictObject({ name: z.string().trim().min(1).max(100).optional(), locale: localeSchema.optional() })
  .refine((update) => update.name !== undefined || update.locale !== undefined, 'Nothing to change');
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const passwordChangeRequestSchema = z.strictObject({
  currentPassword: z.string().min(1).max(200),
  newPassword: newPasswordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

/** GET /profile/security: two-factor sign-in, and how else the account signs in. */
export const securityOverviewSchema = z.object({
  twoFactor: z.object({
    isEnabled: z.boolean(),
    enabledAt: z.iso.datetime().nullable(),
    recoveryCodesLeft: z.number().int().min(0),
    /** A team the user owns or administers requires it: it cannot be turned off. */
    isRequiredByTeam: z.boolean(),
  }),
  /** False for an account made by a Google sign-in until a password is set (forgot password). */
  hasPassword: z.boolean(),
  isGoogleLinked: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** Turning two-factor sign-in off, or new recovery codes: proven by the password or a code of the app. */
export const twoFactorProofSchema = z.union([
  z.strictObject({ password: z.string().min(1).max(200) }),
  twoFactorSignInRequestSchema,
]);
export type TwoFactorProof = z.input<typeof twoFactorProofSchema>;

export const signInMethodSchema = z.enum(['password', 'google', 'email-link', 'sso']);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/**
 * One sign-in of the history: when, from which address and device (browser and system, read from the
 * User-Agent; null when unknown), how, with which second factor, and whether it succeeded (a failed
 * entry is a wrong code after the right password).
 */
export const signInEntrySchema = z.object({
  at: z.iso.datetime(),
  ipAddress: z.string(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  method: signInMethodSchema,
  secondFactor: z.enum(['totp', 'recovery-code']).nullable(),
  result: z.enum(['succeeded', 'failed']),
});
export type SignInEntry = z.infer<typeof signInEntrySchema>;

export const signInHistoryQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(100).catch(1) });

/** GET /profile/sign-ins?page=: the last 90 days, newest first. */
export const signInHistorySchema = z.object({
  entries: z.array(signInEntrySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type SignInHistory = z.infer<typeof signInHistorySchema>;
