import { z } from 'zod';
import { elementIdSchema } from './form-definition.contract';
import { objectIdSchema } from './teams.contract';

/**
 * Submissions as PDFs (api module `submissions`): one from its detail page, and one PDF each, zipped,
 * from the table. At most this many go into one zip: rendering them takes the api a few seconds per
 * hundred, and a download past a minute or two is no longer one a person waits for.
 */
export const submissionPdfZipLimit = 500;
/** Ticked rows are those of one page of the table, whose largest page is 200 rows. */
export const submissionPdfSelectionMax = 200;

/** GET /forms/{formId}/submissions/{submissionId}/pdf */
export const submissionPdfParamsSchema = z.object({ formId: objectIdSchema, submissionId: objectIdSchema });

/**
 * GET /forms/{formId}/submissions/export.zip: the rows the table's filters keep (its `filter.<fieldId>`
 * keys and reference search, as for the CSV export), or only `ids` (comma-separated, the ticked rows).
 * More than `submissionPdfZipLimit` answer 409 EXPORT_TOO_LARGE with `details.limit`.
 */
export const submissionPdfZipQuerySchema = z.object({
  filter: z.record(elementIdSchema, z.string().trim().min(1).max(200)).default({}),
  reference: z.string().trim().max(60).optional(),
  ids: z
    .string()
    .transform((text) => text.split(',').filter((id) => id !== ''))
    .pipe(z.array(objectIdSchema).min(1).max(submissionPdfSelectionMax))
    .optional(),
});
export type SubmissionPdfZipQuery = z.input<typeof submissionPdfZipQuerySchema>;

/** The `details` of EXPORT_TOO_LARGE. */
export const exportTooLargeDetailsSchema = z.object({ limit: z.number().int() });
export type ExportTooLargeDetails = z.infer<typeof exportTooLargeDetailsSchema>;
