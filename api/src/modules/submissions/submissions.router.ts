import {
  deleteSubmissionsRequestSchema,
  deleteSubmissionsResponseSchema,
  formParamsSchema,
  submissionChartsQuerySchema,
  submissionChartsResponseSchema,
  submissionExportQuerySchema,
  submissionListQuerySchema,
  submissionListResponseSchema,
  submissionParamsSchema,
  submissionPdfParamsSchema,
  submissionPdfZipQuerySchema,
  submissionSchema,
  teamSubmissionListResponseSchema,
} from '@formwerk/contracts';
import { type Request, type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { findSubmissionCharts } from './submission-charts';
import { streamCsv, streamXlsx } from './submission-export';
import { createSubmissionPdf, prepareSubmissionPdfZip } from './submission-pdfs';
import {
  deleteSubmissions,
  findSubmission,
  findSubmissionsForExport,
  listSubmissions,
  listTeamSubmissions,
} from './submissions.service';

// The team's view of its forms' submissions.
export const submissionsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

/** The query with its `filter.<fieldId>` keys gathered into `filter`. */
function queryWithFilter(request: Request): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(request.query)) {
    if (key.startsWith('filter.')) filter[key.slice('filter.'.length)] = value;
    else rest[key] = value;
  }
  return { ...rest, filter };
}

submissionsRouter.get('/submissions', ...member, async (request, response) => {
  const query = submissionListQuerySchema.parse(queryWithFilter(request));
  response.set('Cache-Control', 'no-store');
  const body = await listTeamSubmissions(getTeamContext(response), query);
  sendValidated(response, { status: 200, schema: teamSubmissionListResponseSchema, body });
});

submissionsRouter.get('/forms/:formId/submissions', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const query = submissionListQuerySchema.parse({ ...queryWithFilter(request), formId });
  response.set('Cache-Control', 'no-store');
  const body = await listSubmissions(getTeamContext(response), { ...query, formId });
  sendValidated(response, { status: 200, schema: submissionListResponseSchema, body });
});

submissionsRouter.get('/submissions/:submissionId', ...member, async (request, response) => {
  const { submissionId } = submissionParamsSchema.parse(request.params);
  const submission = await findSubmission(getTeamContext(response), submissionId);
  sendValidated(response, { status: 200, schema: submissionSchema, body: submission });
});

submissionsRouter.post('/forms/:formId/submissions/delete', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const { ids } = deleteSubmissionsRequestSchema.parse(request.body);
  const deleted = await deleteSubmissions(getTeamContext(response), formId, ids);
  sendValidated(response, { status: 200, schema: deleteSubmissionsResponseSchema, body: { deleted } });
});

submissionsRouter.get('/forms/:formId/submissions/charts', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const { filter } = submissionChartsQuerySchema.parse(queryWithFilter(request));
  response.set('Cache-Control', 'no-store');
  const body = await findSubmissionCharts(getTeamContext(response), formId, filter);
  sendValidated(response, { status: 200, schema: submissionChartsResponseSchema, body });
});

// Streams the export: rows leave as they are read, so 100 000 of them never sit in memory at once.
submissionsRouter.get('/forms/:formId/submissions/export', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const {
    format,
    locale,
    filter: answerFilter,
    reference,
  } = submissionExportQuerySchema.parse(queryWithFilter(request));
  const { definition, extras, submissions } = await findSubmissionsForExport(
    getTeamContext(response),
    formId,
    answerFilter,
    reference,
  );
  const name = `${definition.title.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'submissions'}.${format}`;
  // Express builds the header (an ASCII fallback and the UTF-8 name) and the type from the extension.
  response.attachment(name);
  response.set('Cache-Control', 'no-store');
  if (format === 'csv') response.type('text/csv; charset=utf-8');
  const stream = format === 'csv' ? streamCsv : streamXlsx;
  await stream({ definition, extras, submissions, locale, output: response });
});

/** The member as the PDFs' approval history is read for: the team's view of the submission's workflow. */
const viewerOf = (response: Response) => ({
  userId: getSession(response).userId,
  teamId: getTeamContext(response).teamId,
});

// One PDF per submission the table's filters keep (or of the ticked rows), zipped as it is made.
submissionsRouter.get('/forms/:formId/submissions/export.zip', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const { filter, reference, ids } = submissionPdfZipQuerySchema.parse(queryWithFilter(request));
  const zip = await prepareSubmissionPdfZip(viewerOf(response), formId, { ids, answerFilter: filter, reference });
  response.attachment(zip.fileName);
  response.set('Cache-Control', 'no-store');
  await zip.write(response);
});

submissionsRouter.get('/forms/:formId/submissions/:submissionId/pdf', ...member, async (request, response) => {
  const { formId, submissionId } = submissionPdfParamsSchema.parse(request.params);
  const pdf = await createSubmissionPdf(viewerOf(response), formId, submissionId);
  response.attachment(pdf.fileName);
  response.set('Cache-Control', 'no-store');
  response.send(Buffer.from(pdf.bytes));
});
