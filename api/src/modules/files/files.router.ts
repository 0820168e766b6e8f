import { pipeline } from 'node:stream/promises';
import {
  formDocumentListResponseSchema,
  formDocumentSchema,
  objectIdSchema,
  publicFormParamsSchema,
} from '@formwerk/contracts';
import { type Request, Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { formOfRoute, rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { findForm, findPublishedForm } from '../forms/forms.service';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import {
  deleteFormDocument,
  listFormDocuments,
  openTeamFile,
  uploadFormDocument,
  uploadRespondentFile,
} from './files.service';

export const filesRouter = Router();
// As for submissions (public-forms.router.ts): each of a class's answers may carry a few files.
const uploadLimit = rateLimit({ name: 'upload', limit: 600, windowMs: 10 * 60_000, scopeOf: formOfRoute });
const uploadQuerySchema = z.object({ fieldId: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/) });
const fileParamsSchema = z.object({ fileId: z.string().regex(/^[0-9a-f]{24}$/) });

/** An upload's name (X-File-Name, URI-encoded) and the size its request declares (Content-Length). */
function uploadOf(request: Request) {
  const length = Number(request.get('content-length'));
  return {
    rawName: request.get('x-file-name'),
    declaredBytes: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
  };
}

/**
 * POST /public/forms/{formId}/files?fieldId=…: the file's bytes as the body, its name in X-File-Name
 * (URI-encoded). Answers the FileAnswer the submission then names.
 */
filesRouter.post('/public/forms/:formId/files', uploadLimit, async (request, response) => {
  const params = publicFormParamsSchema.safeParse(request.params);
  if (!params.success) throw new AppError('FORM_UNAVAILABLE', 404, 'This form is not available');
  const { fieldId } = uploadQuerySchema.parse(request.query);
  const form = await findPublishedForm(params.data.formId);
  const file = await uploadRespondentFile(form, fieldId, request, uploadOf(request));
  response.status(201).json(file);
});

/** GET /files/{fileId}: a file of the current team, always as a download (a signature may be shown inline). */
filesRouter.get('/files/:fileId', requireSession, requireTeamRole(...anyTeamRole), async (request, response) => {
  const { fileId } = fileParamsSchema.parse(request.params);
  const { file, stream } = await openTeamFile(getTeamContext(response), fileId);
  const isInline = request.query.inline === '1' && file.metadata.type === 'image/png';
  // Express writes the name in both forms browsers read (ASCII fallback and UTF-8), quoted as needed.
  response.attachment(file.metadata.name);
  const disposition = response.get('Content-Disposition') ?? 'attachment';
  response.set({
    'Content-Type': file.metadata.type,
    'Content-Length': String(file.size),
    'Content-Disposition': isInline ? disposition.replace(/^attachment/, 'inline') : disposition,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  try {
    await pipeline(stream, response);
  } catch (error) {
    // The file went (deleted meanwhile), the database failed halfway or the browser left: this download
    // ends, its connection closed short of the promised length, and nothing else does.
    request.log.warn({ err: error, fileId }, 'download broken off');
  }
});

const formDocumentParamsSchema = z.object({ formId: objectIdSchema });
const member = [requireSession, requireTeamRole(...anyTeamRole)];

/** The documents of a form of the team: files respondents receive or sign (signing comes later). */
filesRouter.get('/forms/:formId/documents', ...member, async (request, response) => {
  const { formId } = formDocumentParamsSchema.parse(request.params);
  await findForm(getTeamContext(response), formId);
  response.set('Cache-Control', 'no-store');
  const body = { documents: await listFormDocuments(formId) };
  sendValidated(response, { status: 200, schema: formDocumentListResponseSchema, body });
});

/** POST /forms/{formId}/documents: the file's bytes as the body, its name in X-File-Name (URI-encoded). */
filesRouter.post('/forms/:formId/documents', ...member, async (request, response) => {
  const { formId } = formDocumentParamsSchema.parse(request.params);
  const team = getTeamContext(response);
  await findForm(team, formId);
  const document = await uploadFormDocument(team, formId, request, uploadOf(request));
  sendValidated(response, { status: 201, schema: formDocumentSchema, body: document });
});

filesRouter.delete('/forms/:formId/documents/:fileId', ...member, async (request, response) => {
  const { formId } = formDocumentParamsSchema.parse(request.params);
  const { fileId } = fileParamsSchema.parse(request.params);
  await deleteFormDocument(getTeamContext(response), formId, fileId);
  response.status(204).end();
});
