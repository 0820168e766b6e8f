import { z } from 'zod';

/** A document a team attached to a form (GET/POST /forms/{formId}/documents). */
export const formDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
});
export type FormDocument = z.infer<typeof formDocumentSchema>;

export const formDocumentListResponseSchema = z.object({ documents: z.array(formDocumentSchema) });
export type FormDocumentListResponse = z.infer<typeof formDocumentListResponseSchema>;

/** The types a form's documents may have, told by their content; and the size they may reach. */
export const formDocumentTypes = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'image/png',
  'image/jpeg',
] as const;
export const formDocumentMaxMb = 25;
