import { z } from 'zod';
import { objectIdSchema } from './teams.contract';

/** The largest PDF the document library takes. */
export const documentMaxMb = 25;
/** Documents on one page of the library. */
export const documentPageSize = 50;
export const documentNameMaxLength = 200;
export const folderNameMaxLength = 100;

/** A PDF in the team's document library (GET /documents, POST /documents, PATCH /documents/{id}). */
export const documentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  pageCount: z.number().int().min(1),
  folderId: z.string().nullable(),
  uploadedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  uploadedBy: z.object({ id: z.string(), name: z.string() }),
});
export type DocumentSummary = z.infer<typeof documentSchema>;

/**
 * GET /documents?page=&folderId=&q=: newest first. Without `q`, any page is read by equality on the
 * blocks that hold it (total and pages exact). With `q` (words of the name, any order, each matched at
 * the start of a word of the name), `search.isIncomplete` says the scan stopped before the end.
 */
export const documentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  folderId: objectIdSchema.optional(),
  q: z.string().trim().max(100).optional(),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

export const documentFolderSchema = z.object({
  id: z.string(),
  name: z.string(),
  documentCount: z.number().int().min(0),
});
export type DocumentFolder = z.infer<typeof documentFolderSchema>;

/** What the team's documents take up, against what it may store. */
export const documentStorageSchema = z.object({
  usedBytes: z.number().int().min(0),
  limitBytes: z.number().int().min(0),
});
export type DocumentStorage = z.infer<typeof documentStorageSchema>;

export const documentListResponseSchema = z.object({
  documents: z.array(documentSchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(0),
  total: z.number().int().min(0),
  search: z.object({ isIncomplete: z.boolean() }).nullable(),
  folders: z.array(documentFolderSchema),
  storage: documentStorageSchema,
});
export type DocumentListResponse = z.infer<typeof documentListResponseSchema>;

/** PATCH /documents/{id}: a new name, another folder (null: none), or both. */
export const updateDocumentRequestSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(documentNameMaxLength).optional(),
    folderId: objectIdSchema.nullable().optional(),
  })
  .refine((body) => body.name !== undefined || body.folderId !== undefined, { message: 'Nothing to change' });
export type UpdateDocumentRequest = z.input<typeof updateDocumentRequestSchema>;

/** POST /documents/folders and PATCH /documents/folders/{id}. */
export const folderRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(folderNameMaxLength),
});
export type FolderRequest = z.input<typeof folderRequestSchema>;

/** The `details` of STORAGE_LIMIT_REACHED: what is used, the limit, and what the refused file needed. */
export const storageLimitDetailsSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int(),
  neededBytes: z.number().int(),
});
export type StorageLimitDetails = z.infer<typeof storageLimitDetailsSchema>;

/**
 * The `details` of PDF_INVALID: `notPdf` (the content is another type, whatever the name says),
 * `damaged` (unreadable or cut short) or `noPages`.
 */
export const pdfInvalidDetailsSchema = z.object({ reason: z.enum(['notPdf', 'damaged', 'noPages']) });
export type PdfInvalidDetails = z.infer<typeof pdfInvalidDetailsSchema>;

/** POST /documents?folderId=: the PDF's bytes as the body, its name in X-File-Name (URI-encoded). */
export const documentUploadQuerySchema = z.object({ folderId: objectIdSchema.optional() });

export const documentParamsSchema = z.object({ documentId: objectIdSchema });
export const documentFolderParamsSchema = z.object({ folderId: objectIdSchema });
