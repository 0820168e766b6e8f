import { z } from 'zod';
import { emailSchema } from './auth.contract';
import { documentSchema } from './documents.contract';
import { objectIdSchema } from './teams.contract';

/** How long a document's link may be valid, in days; 7 unless chosen. */
export const shareLinkDays = [1, 7, 30, 90] as const;
/** At most this many people, groups and links per document. */
export const documentSharesMax = 200;
/** Documents on one page of "Shared with me". */
export const sharedDocumentPageSize = 50;

/**
 * A document's share: with a person by email address (whether or not they have an account yet: the
 * document appears for them once they sign in with it), with a group of the team (its members as they
 * are at each look), or as a link anyone holding it may open until it expires.
 */
export const documentShareSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('person'), id: z.string(), email: z.string(), name: z.string().nullable() }),
  z.object({ kind: z.literal('group'), id: z.string(), groupId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('link'), id: z.string(), expiresAt: z.iso.datetime() }),
]);
export type DocumentShare = z.infer<typeof documentShareSchema>;

const shareCommon = {
  sharedAt: z.iso.datetime(),
  sharedBy: z.object({ id: z.string(), name: z.string() }),
};
export const documentShareEntrySchema = z.intersection(documentShareSchema, z.object(shareCommon));
export type DocumentShareEntry = z.infer<typeof documentShareEntrySchema>;

/** GET /documents/{id}/shares: who the document is shared with, newest first. */
export const documentSharesResponseSchema = z.object({ shares: z.array(documentShareEntrySchema) });
export type DocumentSharesResponse = z.infer<typeof documentSharesResponseSchema>;

/** POST /documents/{id}/shares: people (each is told by mail, in `message` too), a group or a link. */
export const createDocumentShareRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('people'),
    emails: z.array(emailSchema).min(1).max(20),
    message: z.string().trim().max(1000).optional(),
  }),
  z.strictObject({ kind: z.literal('group'), groupId: objectIdSchema }),
  z.strictObject({
    kind: z.literal('link'),
    days: z.union(shareLinkDays.map((days) => z.literal(days))).default(7),
  }),
]);
export type CreateDocumentShareRequest = z.input<typeof createDocumentShareRequestSchema>;

/**
 * The shares made; a new link's path on the site (`/api/v1/shared-links/{token}`) is in `linkPath`
 * this once: only its hash is kept, so nobody (not the api either) can show it again.
 */
export const createDocumentShareResponseSchema = z.object({
  shares: z.array(documentShareEntrySchema),
  linkPath: z.string().nullable(),
});
export type CreateDocumentShareResponse = z.infer<typeof createDocumentShareResponseSchema>;

export const documentShareParamsSchema = z.object({ documentId: objectIdSchema, shareId: objectIdSchema });

/** A document someone shared with me: the document, who shared it, from which team, when. */
export const sharedDocumentSchema = z.object({
  document: documentSchema.omit({ folderId: true }),
  teamName: z.string(),
  sharedBy: z.object({ id: z.string(), name: z.string() }),
  sharedAt: z.iso.datetime(),
  /** How it reached me: to my address, or through a group (its name). */
  via: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('person') }),
    z.object({ kind: z.literal('group'), name: z.string() }),
  ]),
});
export type SharedDocument = z.infer<typeof sharedDocumentSchema>;

export const sharedDocumentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** GET /shared-documents?page=: what others shared with me, newest share first. */
export const sharedDocumentListResponseSchema = z.object({
  documents: z.array(sharedDocumentSchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type SharedDocumentListResponse = z.infer<typeof sharedDocumentListResponseSchema>;

export const sharedDocumentParamsSchema = z.object({ documentId: objectIdSchema });
/** GET /shared-links/{token}: a link's token, 43 characters of base64url (32 random bytes). */
export const shareLinkParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
