import {
  createDocumentShareRequestSchema,
  createDocumentShareResponseSchema,
  documentParamsSchema,
  documentShareParamsSchema,
  documentSharesResponseSchema,
  sharedDocumentListQuerySchema,
  sharedDocumentListResponseSchema,
  sharedDocumentParamsSchema,
  shareLinkParamsSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { AppError } from '../../platform/errors';
import { rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { findUserById } from '../users/users.service';
import {
  createShares,
  listSharedWithMe,
  listShares,
  openLinkedFile,
  openSharedFile,
  revokeShare,
} from './document-shares.service';
import type { Actor } from './documents.service';
import { sendPdf } from './send-pdf';

// Sharing the team's documents (every member may share what the library shows them), "Shared with
// me" across teams, and the public links.
export const documentSharesRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];
// Mails go to the addresses typed in: bounded per account, as invitations are.
const shareLimit = rateLimit({
  name: 'document-share',
  limit: 100,
  windowMs: 60 * 60_000,
  accountOf: (_request, response) => getSession(response).userId,
});
// A link's token is 256 random bits; the limit keeps guessing from even being tried at volume.
const linkLimit = rateLimit({ name: 'shared-link', limit: 300, windowMs: 10 * 60_000 });

const actorOf = (response: Response): Actor => {
  const { teamId, role } = getTeamContext(response);
  return { teamId, role, userId: getSession(response).userId };
};

async function readerOf(response: Response) {
  const user = await findUserById(getSession(response).userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401);
  return { userId: user._id.toString(), email: user.email, isEmailVerified: user.emailVerifiedAt !== null };
}

documentSharesRouter.get('/documents/:documentId/shares', ...member, async (request, response) => {
  const { documentId } = documentParamsSchema.parse(request.params);
  const shares = await listShares(actorOf(response), documentId);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: documentSharesResponseSchema, body: { shares } });
});

documentSharesRouter.post('/documents/:documentId/shares', ...member, shareLimit, async (request, response) => {
  const { documentId } = documentParamsSchema.parse(request.params);
  const body = createDocumentShareRequestSchema.parse(request.body);
  const created = await createShares(actorOf(response), documentId, body);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 201, schema: createDocumentShareResponseSchema, body: created });
});

documentSharesRouter.delete('/documents/:documentId/shares/:shareId', ...member, async (request, response) => {
  const { documentId, shareId } = documentShareParamsSchema.parse(request.params);
  await revokeShare(actorOf(response), documentId, shareId);
  response.status(204).end();
});

// Shared with me: with a session, in whatever team it is (shares reach people, not teams).
documentSharesRouter.get('/shared-documents', requireSession, async (request, response) => {
  const { page } = sharedDocumentListQuerySchema.parse(request.query);
  const body = await listSharedWithMe(await readerOf(response), page);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: sharedDocumentListResponseSchema, body });
});

documentSharesRouter.get('/shared-documents/:documentId/file', requireSession, async (request, response) => {
  const { documentId } = sharedDocumentParamsSchema.parse(request.params);
  const { document, stream } = await openSharedFile(await readerOf(response), documentId);
  await sendPdf(request, response, { name: document.name, size: document.size, stream }, request.query.inline === '1');
});

/**
 * GET /shared-links/{token}: opened from a mail or chat by anyone holding the link, in the browser's own
 * PDF viewer (`?download=1` saves it). Refusals are short texts in the browser's language: there is no
 * page of the site around them.
 */
documentSharesRouter.get('/shared-links/:token', linkLimit, async (request, response) => {
  const isGerman = request.acceptsLanguages('de', 'en') !== 'en';
  const refuse = (status: number, de: string, en: string) => {
    response.status(status).type('text/plain; charset=utf-8').set('Cache-Control', 'no-store');
    response.send(isGerman ? de : en);
  };
  const parsed = shareLinkParamsSchema.safeParse(request.params);
  const opened = parsed.success ? await openLinkedFile(parsed.data.token) : null;
  if (opened === null) {
    refuse(404, 'Diesen Link gibt es nicht (mehr).', 'This link does not exist (any more).');
    return;
  }
  if (opened === 'expired') {
    refuse(
      410,
      'Dieser Link ist abgelaufen. Bitten Sie die Person, die ihn geteilt hat, um einen neuen.',
      'This link has expired. Ask the person who shared it for a new one.',
    );
    return;
  }
  const pdf = { name: opened.document.name, size: opened.document.size, stream: opened.stream };
  await sendPdf(request, response, pdf, request.query.download !== '1');
});
