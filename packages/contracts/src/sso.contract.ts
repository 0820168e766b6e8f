import { z } from 'zod';
import { localeSchema } from './auth.contract';

/**
 * Team single sign-on (issue 17): a team verifies its email domains by a DNS TXT record, connects its
 * identity provider by OpenID Connect or SAML, and chooses the role of people it creates and whether the
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

/** An OpenID Connect connection as the admin page shows it; the client secret never leaves the api. */
export const ssoOpenIdConnectionSchema = z.object({
  protocol: z.literal('oidc'),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  updatedAt: z.iso.datetime(),
});

/** A SAML connection as read from the IdP's metadata. */
export const ssoSamlConnectionSchema = z.object({
  protocol: z.literal('saml'),
  /** The IdP's entityID, which its assertions must name as issuer. */
  entityId: z.string(),
  /** Where the browser is sent to sign in (HTTP-Redirect). */
  ssoUrl: z.string(),
  /** When the IdP's signing certificate runs out; sign-ins fail after that until new metadata is saved. */
  certificateExpiresAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

/** A team has one identity provider at a time: saving one kind of connection replaces the other. */
export const ssoConnectionSchema = z.discriminatedUnion('protocol', [
  ssoOpenIdConnectionSchema,
  ssoSamlConnectionSchema,
]);
export type SsoConnection = z.infer<typeof ssoConnectionSchema>;

export const saveSsoConnectionRequestSchema = z.object({
  /** The issuer or its discovery document (…/.well-known/openid-configuration). */
  discoveryUrl: z.url({ protocol: /^https?$/ }).max(2000),
  clientId: z.string().trim().min(1).max(500),
  /** Empty keeps the stored one (the form never shows it again). */
  clientSecret: z.string().max(2000).optional(),
});
export type SaveSsoConnectionRequest = z.input<typeof saveSsoConnectionRequestSchema>;

export const saveSsoSamlConnectionRequestSchema = z.object({
  /** The IdP's metadata XML (EntityDescriptor), pasted or read from a file. */
  metadataXml: z.string().trim().min(1).max(200_000),
});
export type SaveSsoSamlConnectionRequest = z.input<typeof saveSsoSamlConnectionRequestSchema>;

/** What the IdP's administrator enters for this team's SAML service provider. */
export const ssoSamlServiceProviderSchema = z.object({
  entityId: z.string(),
  /** The Assertion Consumer Service (HTTP-POST). */
  acsUrl: z.string(),
  /** The SP's metadata XML, for IdPs that import it. */
  metadataUrl: z.string(),
});
export type SsoSamlServiceProvider = z.infer<typeof ssoSamlServiceProviderSchema>;

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
  /** The redirect URI to register at an OpenID provider. */
  redirectUri: z.string(),
  /** The service provider to register at a SAML IdP. */
  samlServiceProvider: ssoSamlServiceProviderSchema,
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
 * a check (issuer, audience, nonce, state, signature; for SAML also expiry, InResponseTo, a replayed
 * assertion), an address outside the team's verified domains,
 * no account while just-in-time provisioning is off, or the sign-in is no longer under way.
 */
export const ssoErrorSchema = z.enum(['cancelled', 'failed', 'wrong-domain', 'no-account', 'expired']);
export type SsoError = z.infer<typeof ssoErrorSchema>;
