import { z } from 'zod';
import { localeSchema } from './auth.contract';

/**
 * Team single sign-on (issue 17): a team verifies its email domains by a DNS TXT record, connects its
 * identity provider by OpenID Connect, and chooses the role of people it creates and whether the
 * domain must sign in through it. /sso finds the team by the address's verified domain.
 */

/** A domain as people type it: lower case, no scheme, no trailing dot, at least one dot. */
export const ssoDomainNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253)
      .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/),
  );

export const ssoDomainStatusSchema = z.enum(['pending', 'verified']);
/** Why the last check did not verify: no TXT record yet, another value, or DNS did not answer. */
export const ssoDomainProblemSchema = z.enum(['recordMissing', 'recordMismatch', 'dnsFailed']);
export type SsoDomainProblem = z.infer<typeof ssoDomainProblemSchema>;

export const ssoDomainSchema = z.object({
  domain: z.string(),
  /** The TXT record to create: its name and value. */
  recordName: z.string(),
  recordValue: z.string(),
  status: ssoDomainStatusSchema,
  verifiedAt: z.iso.datetime().nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  lastProblem: ssoDomainProblemSchema.nullable(),
});
export type SsoDomain = z.infer<typeof ssoDomainSchema>;

export const addSsoDomainRequestSchema = z.object({ domain: ssoDomainNameSchema });
export type AddSsoDomainRequest = z.input<typeof addSsoDomainRequestSchema>;

/** The OpenID Connect connection as the admin page shows it; the client secret never leaves the api. */
export const ssoConnectionSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  updatedAt: z.iso.datetime(),
});
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

export const saveSsoConnectionRequestSchema = z.object({
  /** The issuer or its discovery document (…/.well-known/openid-configuration). */
  discoveryUrl: z.url({ protocol: /^https?$/ }).max(2000),
  clientId: z.string().trim().min(1).max(500),
  /** Empty keeps the stored one (the form never shows it again). */
  clientSecret: z.string().max(2000).optional(),
});
export type SaveSsoConnectionRequest = z.input<typeof saveSsoConnectionRequestSchema>;

/** The role a person gets who joins the team through single sign-on; owners are not made this way. */
export const ssoDefaultRoleSchema = z.enum(['admin', 'member']);
export type SsoDefaultRole = z.infer<typeof ssoDefaultRoleSchema>;

export const ssoSettingsSchema = z.object({
  defaultRole: ssoDefaultRoleSchema,
  /** Just-in-time provisioning: an unknown person of a verified domain gets an account and membership. */
  isJitEnabled: z.boolean(),
  /** Addresses of the verified domains may not sign in with a password (the owner excepted). */
  isEnforced: z.boolean(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const ssoAdminResponseSchema = z.object({
  domains: z.array(ssoDomainSchema),
  connection: ssoConnectionSchema.nullable(),
  settings: ssoSettingsSchema,
  /** The redirect URI to register at the identity provider. */
  redirectUri: z.string(),
});
export type SsoAdminResponse = z.infer<typeof ssoAdminResponseSchema>;

export const startSsoRequestSchema = z.object({
  email: z.email().max(254),
  locale: localeSchema.default('de'),
  redirect: z.string().max(2000).optional(),
  rememberMe: z.boolean().default(false),
});
export type StartSsoRequest = z.input<typeof startSsoRequestSchema>;

/** Where the browser goes next: the identity provider's sign-in page. */
export const startSsoResponseSchema = z.object({ url: z.url() });
export type StartSsoResponse = z.infer<typeof startSsoResponseSchema>;

/**
 * Why a single sign-on ended back on /sso (`?error=`): cancelled at the provider, an answer that failed
 * a check (issuer, audience, nonce, state, signature), an address outside the team's verified domains,
 * no account while just-in-time provisioning is off, or the sign-in is no longer under way.
 */
export const ssoErrorSchema = z.enum(['cancelled', 'failed', 'wrong-domain', 'no-account', 'expired']);
export type SsoError = z.infer<typeof ssoErrorSchema>;
