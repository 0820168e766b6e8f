import { z } from 'zod';
import { planIdSchema } from './billing.contract';
import { objectIdSchema } from './teams.contract';

/** How many of the team's largest files GET /storage lists. */
export const largestFilesShown = 20;

/**
 * What the team's files are, on /v1/storage: the document library with its templates and signed copies
 * (what the plan's storage counts), the documents attached to forms, and the files respondents sent.
 */
export const storageCategorySchema = z.enum(['documents', 'forms', 'submissions']);
export type StorageCategory = z.infer<typeof storageCategorySchema>;

/** A library PDF, a document attached to a form, or a file a respondent sent with a submission. */
export const storageFileKindSchema = z.enum(['document', 'formDocument', 'submissionFile']);
export type StorageFileKind = z.infer<typeof storageFileKindSchema>;

export const storageFileSchema = z.object({
  /** The library document's id, or the stored file's (form documents, submission files). */
  id: z.string(),
  kind: storageFileKindSchema,
  name: z.string(),
  size: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  /** The form it belongs to (form documents and submission files), and its title. */
  form: z.object({ id: z.string(), title: z.string() }).nullable(),
  /** The submission a respondent's file came with. */
  submissionId: z.string().nullable(),
  /**
   * Whether the signed-in user may delete it here, by the owning module's rule: a library document its
   * uploader and the team's owner and admins, a form's document every member. A respondent's file goes
   * only with its submission.
   */
  mayDelete: z.boolean(),
});
export type StorageFile = z.infer<typeof storageFileSchema>;

export const storageCategoryUsageSchema = z.object({
  category: storageCategorySchema,
  bytes: z.number().int().min(0),
  /** How many files; null where the bytes come from a counter that counts no files (documents). */
  fileCount: z.number().int().min(0).nullable(),
});
export type StorageCategoryUsage = z.infer<typeof storageCategoryUsageSchema>;

/**
 * GET /storage: the team's stored files against its plan. `usedBytes` is the team's storage counter, the
 * one the plan's limit holds; the categories and largest files come from a look through the team's
 * files that stops at a bound (`isIncomplete`: there are more than it read, so the forms' and
 * submissions' figures are at least those shown).
 */
export const storageOverviewSchema = z.object({
  planId: planIdSchema,
  usedBytes: z.number().int().min(0),
  limitBytes: z.number().int().min(0),
  categories: z.array(storageCategoryUsageSchema),
  largestFiles: z.array(storageFileSchema).max(largestFilesShown),
  /** Files respondents uploaded without sending the form (yet): removed by themselves after a day. */
  pendingUploads: z.object({ fileCount: z.number().int().min(0), bytes: z.number().int().min(0) }),
  isIncomplete: z.boolean(),
});
export type StorageOverview = z.infer<typeof storageOverviewSchema>;

/**
 * POST /storage/deletions: deletes one file as its own module does (same permission, same effects on
 * the counters); answers GET /storage's overview as it is afterwards. 403 FORBIDDEN for a library
 * document of someone else (for members), 404 NOT_FOUND for one gone or of another team.
 */
export const storageDeletionRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('document'), id: objectIdSchema }),
  z.object({ kind: z.literal('formDocument'), id: objectIdSchema, formId: objectIdSchema }),
]);
export type StorageDeletionRequest = z.infer<typeof storageDeletionRequestSchema>;
