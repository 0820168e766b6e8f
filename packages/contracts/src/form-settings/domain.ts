import { z } from 'zod';

/**
 * A host name as people type it: lower-case labels, at least one dot, no scheme, port or path. The
 * last label (the top-level domain) has a letter, so an IP address is never taken for a domain.
 */
export const hostnameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/)
  .refine((hostname) => /[a-z]/.test(hostname.slice(hostname.lastIndexOf('.') + 1)), {
    error: 'An IP address is no domain',
  });

/** PUT /forms/{formId}/domain: the customer's domain to serve this form at `/`. */
export const setCustomDomainRequestSchema = z.strictObject({ hostname: hostnameSchema });
export type SetCustomDomainRequest = z.input<typeof setCustomDomainRequestSchema>;

/**
 * The "domain" tab: the domain, the DNS TXT record that proves it is the owner's, and whether the
 * api has seen it. `null` while the form has no domain.
 */
export const customDomainSchema = z.object({
  hostname: z.string(),
  /** Create a TXT record with this name … */
  recordName: z.string(),
  /** … and this value. */
  recordValue: z.string(),
  status: z.enum(['pending', 'verified']),
  verifiedAt: z.iso.datetime().nullable(),
  lastCheckedAt: z.iso.datetime().nullable(),
  /** Why the last check failed: no record, a different value, or DNS not answering. */
  lastProblem: z.enum(['recordMissing', 'recordMismatch', 'dnsFailed']).nullable(),
});
export type CustomDomain = z.infer<typeof customDomainSchema>;
export const customDomainResponseSchema = z.object({ domain: customDomainSchema.nullable() });
export type CustomDomainResponse = z.infer<typeof customDomainResponseSchema>;

/** GET /public/domains/{hostname}: the form a verified domain serves (for the shell server). */
export const publicDomainParamsSchema = z.object({ hostname: hostnameSchema });
export const publicDomainResponseSchema = z.object({ formId: z.string() });
export type PublicDomainResponse = z.infer<typeof publicDomainResponseSchema>;
