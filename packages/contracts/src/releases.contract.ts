import { z } from 'zod';

/**
 * The release registry (issue 19, docs/decisions/035): which build of each area's remote is live. A
 * release is an immutable, content-addressed build of one remote (`mfe-forms@1.0.0+88bd784`), kept
 * beside the others on the remote's server (or any static host) under its own folder; the registry,
 * kept in the database, says which one every new page load gets, and which one a share of sessions
 * gets first (the canary).
 */

/** The areas that ship as remotes; the same names as `@formwerk/platform/routes`' areas. */
export const releaseAreaSchema = z.enum(['marketing', 'account', 'forms', 'approvals', 'documents']);
export type ReleaseArea = z.infer<typeof releaseAreaSchema>;

const semverPattern = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
export const semverSchema = z.string().regex(semverPattern);

/**
 * `<version>+<commit>` and, for a build of uncommitted changes, `.<content hash>` after the commit:
 * semver with build metadata. Used in URLs, so letters, digits, dots, dashes and one plus only.
 */
export const releaseIdSchema = z
  .string()
  .max(100)
  .regex(/^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?\+[0-9A-Za-z.-]+$/);

/** release.json, written by `npm run release` beside the release's mf-manifest.json. */
export const releaseDescriptionSchema = z.object({
  area: releaseAreaSchema,
  id: releaseIdSchema,
  /** The remote's package version. */
  version: semverSchema,
  /** The commit it was built from (short hash), or `unknown` outside a git checkout. */
  commit: z.string().max(64),
  /** The version of `@formwerk/platform` (the shell–remote contract) it was built against. */
  contractVersion: semverSchema,
  builtAt: z.iso.datetime(),
});
export type ReleaseDescription = z.infer<typeof releaseDescriptionSchema>;

/** A release the registry knows, with where its manifest lives. */
export const releaseSchema = releaseDescriptionSchema.extend({
  manifestUrl: z.url({ protocol: /^https?$/ }),
  registeredAt: z.iso.datetime(),
  /** Who registered it: an operator's email, or `token:<name>` for a deploy token. */
  registeredBy: z.string(),
});
export type Release = z.infer<typeof releaseSchema>;

/** What a page load needs of one release: where to load it from, and what it was built against. */
export const liveReleaseSchema = z.object({
  id: releaseIdSchema,
  manifestUrl: z.url({ protocol: /^https?$/ }),
  contractVersion: semverSchema,
});
export type LiveRelease = z.infer<typeof liveReleaseSchema>;

/** A canary's share of sessions, in percent: some but not all. */
export const canaryPercentSchema = z.number().int().min(1).max(99);

export const liveAreaSchema = z.object({
  live: liveReleaseSchema,
  canary: liveReleaseSchema.extend({ percent: canaryPercentSchema }).nullable(),
});
export type LiveArea = z.infer<typeof liveAreaSchema>;

/**
 * GET /registry (public, not cached): the live release of every area that has one. `revision` changes
 * whenever any area switches. An area without an entry runs what the shell was started with.
 */
export const liveRegistrySchema = z.object({
  revision: z.string(),
  areas: z.partialRecord(releaseAreaSchema, liveAreaSchema),
});
export type LiveRegistry = z.infer<typeof liveRegistrySchema>;

/** POST /releases: register a built release (it is checked by loading its manifest and release.json). */
export const registerReleaseRequestSchema = z.object({
  area: releaseAreaSchema,
  id: releaseIdSchema,
  manifestUrl: z.url({ protocol: /^https?$/ }),
});
export type RegisterReleaseRequest = z.infer<typeof registerReleaseRequestSchema>;

/**
 * POST /releases/:area/promote: `id` becomes live for every new page load, or, with `canaryPercent`,
 * for that share of sessions first (the live release stays for the rest).
 */
export const promoteReleaseRequestSchema = z.object({
  id: releaseIdSchema,
  canaryPercent: canaryPercentSchema.optional(),
});
export type PromoteReleaseRequest = z.infer<typeof promoteReleaseRequestSchema>;

export const releaseActionSchema = z.enum(['register', 'promote', 'canary', 'rollback']);
export type ReleaseAction = z.infer<typeof releaseActionSchema>;

/** One line of an area's audit log: who switched what, when. */
export const releaseAuditEntrySchema = z.object({
  area: releaseAreaSchema,
  action: releaseActionSchema,
  /** The release live (or in canary) before, if any. */
  from: releaseIdSchema.nullable(),
  /** The release live (or in canary) after. */
  to: releaseIdSchema.nullable(),
  percent: canaryPercentSchema.nullable(),
  actor: z.string(),
  at: z.iso.datetime(),
});
export type ReleaseAuditEntry = z.infer<typeof releaseAuditEntrySchema>;

/** How many releases and audit lines GET /releases/:area lists (newest first). */
export const releaseHistoryShown = 50;

/** GET /releases/:area and the answer of every switch: the area's state after it. */
export const areaReleasesSchema = z.object({
  area: releaseAreaSchema,
  live: liveReleaseSchema.nullable(),
  canary: liveReleaseSchema.extend({ percent: canaryPercentSchema }).nullable(),
  /** The releases a rollback goes back to, the next one first. */
  previous: z.array(releaseIdSchema),
  releases: z.array(releaseSchema).max(releaseHistoryShown),
  audit: z.array(releaseAuditEntrySchema).max(releaseHistoryShown),
});
export type AreaReleases = z.infer<typeof areaReleasesSchema>;
