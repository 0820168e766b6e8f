import {
  createDocumentTemplateRequestSchema,
  documentTemplateListQuerySchema,
  documentTemplateListResponseSchema,
  documentTemplateParamsSchema,
  documentTemplateSchema,
  saveDocumentTemplateRequestSchema,
  uploadDocumentTemplateQuerySchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { rateLimit } from '../../../platform/rate-limit';
import { sendValidated } from '../../../platform/send-validated';
import { getSession, requireSession } from '../../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../../teams/require-team-role';
import type { Actor } from '../documents.service';
import { sendPdf } from '../send-pdf';
import {
  createTemplateFromDocument,
  createTemplateFromUpload,
  deleteDocumentTemplate,
  duplicateDocumentTemplate,
  findDocumentTemplate,
  listDocumentTemplates,
  openDocumentTemplateFile,
  saveDocumentTemplate,
} from './document-templates.service';

// The team's signature templates. Every member lists, makes, opens, edits and duplicates them, as every
// member builds forms: two people saving at once cannot overwrite each other (the revision guards each
// save). Deleting is for who made a template and the team's owner and admins, as in the library.
export const documentTemplatesRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];
// As the library's uploads: a template is made of one PDF, which may be uploaded for it.
const createLimit = rateLimit({
  name: 'document-template-create',
  limit: 600,
  windowMs: 10 * 60_000,
  accountOf: (_request, response) => getSession(response).userId,
});

const actorOf = (response: Response): Actor => {
  const { teamId, role } = getTeamContext(response);
  return { teamId, role, userId: getSession(response).userId };
};

documentTemplatesRouter.get('/document-templates', ...member, async (request, response) => {
  const { page } = documentTemplateListQuerySchema.parse(request.query);
  const body = await listDocumentTemplates(getTeamContext(response).teamId, page);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: documentTemplateListResponseSchema, body });
});

/**
 * POST /document-templates: a JSON body `{documentId, name?}` makes a template of a library document;
 * any other body is a PDF uploaded for it (its name in X-File-Name, the template's in `?name=`).
 */
documentTemplatesRouter.post('/document-templates', ...member, createLimit, async (request, response) => {
  const actor = actorOf(response);
  const declared = request.get('content-length');
  const template = request.is('application/json')
    ? await createTemplateFromDocument(actor, createDocumentTemplateRequestSchema.parse(request.body))
    : await createTemplateFromUpload(actor, uploadDocumentTemplateQuerySchema.parse(request.query), request, {
        rawName: request.get('x-file-name'),
        declaredLength: declared === undefined ? undefined : Number(declared),
      });
  sendValidated(response, { status: 201, schema: documentTemplateSchema, body: template });
});

documentTemplatesRouter.get('/document-templates/:templateId', ...member, async (request, response) => {
  const { templateId } = documentTemplateParamsSchema.parse(request.params);
  const body = await findDocumentTemplate(getTeamContext(response).teamId, templateId);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: documentTemplateSchema, body });
});

documentTemplatesRouter.put('/document-templates/:templateId', ...member, async (request, response) => {
  const { templateId } = documentTemplateParamsSchema.parse(request.params);
  const input = saveDocumentTemplateRequestSchema.parse(request.body);
  const body = await saveDocumentTemplate(actorOf(response), templateId, input);
  sendValidated(response, { status: 200, schema: documentTemplateSchema, body });
});

documentTemplatesRouter.post('/document-templates/:templateId/duplicate', ...member, async (request, response) => {
  const { templateId } = documentTemplateParamsSchema.parse(request.params);
  const body = await duplicateDocumentTemplate(actorOf(response), templateId);
  sendValidated(response, { status: 201, schema: documentTemplateSchema, body });
});

documentTemplatesRouter.delete('/document-templates/:templateId', ...member, async (request, response) => {
  const { templateId } = documentTemplateParamsSchema.parse(request.params);
  await deleteDocumentTemplate(actorOf(response), templateId);
  response.status(204).end();
});

/** GET /document-templates/{id}/file: the template's PDF, a download or with `?inline=1` shown sandboxed (send-pdf.ts). */
documentTemplatesRouter.get('/document-templates/:templateId/file', ...member, async (request, response) => {
  const { templateId } = documentTemplateParamsSchema.parse(request.params);
  const { template, stream } = await openDocumentTemplateFile(getTeamContext(response).teamId, templateId);
  const pdf = { name: template.fileName, size: template.size, stream };
  await sendPdf(request, response, pdf, request.query.inline === '1');
});
