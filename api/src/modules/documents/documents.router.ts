import {
  documentFolderParamsSchema,
  documentFolderSchema,
  documentListQuerySchema,
  documentListResponseSchema,
  documentParamsSchema,
  documentSchema,
  documentUploadQuerySchema,
  folderRequestSchema,
  updateDocumentRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import {
  type Actor,
  createFolder,
  deleteDocument,
  deleteFolder,
  findDocument,
  listDocuments,
  openDocumentFile,
  renameFolder,
  updateDocument,
  uploadDocument,
} from './documents.service';
import { sendPdf } from './send-pdf';

// The team's document library. Every member lists, uploads, previews and downloads; renaming, moving
// and deleting is for who uploaded the document (or made the folder) and the team's owner and admins.
export const documentsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];
// As for a form's documents (files.router.ts): a folder of a few hundred PDFs dropped at once passes.
const uploadLimit = rateLimit({
  name: 'document-upload',
  limit: 600,
  windowMs: 10 * 60_000,
  accountOf: (_request, response) => getSession(response).userId,
});

const actorOf = (response: Response): Actor => {
  const { teamId, role } = getTeamContext(response);
  return { teamId, role, userId: getSession(response).userId };
};

documentsRouter.get('/documents', ...member, async (request, response) => {
  const query = documentListQuerySchema.parse(request.query);
  const body = await listDocuments(getTeamContext(response).teamId, query);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: documentListResponseSchema, body });
});

/** POST /documents?folderId=: the PDF's bytes as the body, its name in X-File-Name (URI-encoded). */
documentsRouter.post('/documents', ...member, uploadLimit, async (request, response) => {
  const query = documentUploadQuerySchema.parse(request.query);
  const declared = request.get('content-length');
  const document = await uploadDocument(actorOf(response), query, request, {
    rawName: request.get('x-file-name'),
    declaredLength: declared === undefined ? undefined : Number(declared),
  });
  sendValidated(response, { status: 201, schema: documentSchema, body: document });
});

/** GET /documents/{id}/file: a download; `?inline=1` shows it in the browser, sandboxed (send-pdf.ts). */
documentsRouter.get('/documents/:documentId/file', ...member, async (request, response) => {
  const { documentId } = documentParamsSchema.parse(request.params);
  const { document, stream } = await openDocumentFile(getTeamContext(response).teamId, documentId);
  await sendPdf(request, response, { name: document.name, size: document.size, stream }, request.query.inline === '1');
});

documentsRouter.get('/documents/:documentId', ...member, async (request, response) => {
  const { documentId } = documentParamsSchema.parse(request.params);
  const body = await findDocument(getTeamContext(response).teamId, documentId);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: documentSchema, body });
});

documentsRouter.patch('/documents/:documentId', ...member, async (request, response) => {
  const { documentId } = documentParamsSchema.parse(request.params);
  const changes = updateDocumentRequestSchema.parse(request.body);
  const document = await updateDocument(actorOf(response), documentId, changes);
  sendValidated(response, { status: 200, schema: documentSchema, body: document });
});

documentsRouter.delete('/documents/:documentId', ...member, async (request, response) => {
  const { documentId } = documentParamsSchema.parse(request.params);
  await deleteDocument(actorOf(response), documentId);
  response.status(204).end();
});

documentsRouter.post('/documents/folders', ...member, async (request, response) => {
  const { name } = folderRequestSchema.parse(request.body);
  const folder = await createFolder(actorOf(response), name);
  sendValidated(response, { status: 201, schema: documentFolderSchema, body: folder });
});

documentsRouter.patch('/documents/folders/:folderId', ...member, async (request, response) => {
  const { folderId } = documentFolderParamsSchema.parse(request.params);
  const { name } = folderRequestSchema.parse(request.body);
  const folder = await renameFolder(actorOf(response), folderId, name);
  sendValidated(response, { status: 200, schema: documentFolderSchema, body: folder });
});

documentsRouter.delete('/documents/folders/:folderId', ...member, async (request, response) => {
  const { folderId } = documentFolderParamsSchema.parse(request.params);
  await deleteFolder(actorOf(response), folderId);
  response.status(204).end();
});
