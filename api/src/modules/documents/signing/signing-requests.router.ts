import {
  createSigningRequestRequestSchema,
  signingRequestFileQuerySchema,
  signingRequestListQuerySchema,
  signingRequestListResponseSchema,
  signingRequestParamsSchema,
  signingRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { rateLimit } from '../../../platform/rate-limit';
import { sendValidated } from '../../../platform/send-validated';
import { getSession, requireSession } from '../../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../../teams/require-team-role';
import type { Actor } from '../documents.service';
import { sendPdf } from '../send-pdf';
import {
  cancelSigningRequest,
  createSigningRequest,
  deleteSigningRequest,
  findSigningRequest,
  listSigningRequests,
  openSigningRequestFile,
} from './signing-requests.service';

// The team's signing requests: every member sends, lists and opens them; withdrawing one is for who
// sent it and the team's owner and admins.
export const signingRequestsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];
// Each request mails the addresses typed in: bounded per account, as shares and invitations are.
const sendLimit = rateLimit({
  name: 'signing-request',
  limit: 100,
  windowMs: 60 * 60_000,
  accountOf: (_request, response) => getSession(response).userId,
});

const actorOf = (response: Response): Actor => {
  const { teamId, role } = getTeamContext(response);
  return { teamId, role, userId: getSession(response).userId };
};

signingRequestsRouter.get('/signing-requests', ...member, async (request, response) => {
  const { page } = signingRequestListQuerySchema.parse(request.query);
  const body = await listSigningRequests(actorOf(response), page);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: signingRequestListResponseSchema, body });
});

signingRequestsRouter.post('/signing-requests', ...member, sendLimit, async (request, response) => {
  const body = createSigningRequestRequestSchema.parse(request.body);
  const created = await createSigningRequest(actorOf(response), body);
  sendValidated(response, { status: 201, schema: signingRequestSchema, body: created });
});

signingRequestsRouter.get('/signing-requests/:requestId', ...member, async (request, response) => {
  const { requestId } = signingRequestParamsSchema.parse(request.params);
  const body = await findSigningRequest(actorOf(response), requestId);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: signingRequestSchema, body });
});

signingRequestsRouter.post('/signing-requests/:requestId/cancel', ...member, async (request, response) => {
  const { requestId } = signingRequestParamsSchema.parse(request.params);
  const body = await cancelSigningRequest(actorOf(response), requestId);
  sendValidated(response, { status: 200, schema: signingRequestSchema, body });
});

/** DELETE /signing-requests/{id}: a closed request and everything of it. */
signingRequestsRouter.delete('/signing-requests/:requestId', ...member, async (request, response) => {
  const { requestId } = signingRequestParamsSchema.parse(request.params);
  await deleteSigningRequest(actorOf(response), requestId);
  response.status(204).end();
});

/** GET /signing-requests/{id}/file?version=original|signed: a download; `&inline=1` shows it sandboxed. */
signingRequestsRouter.get('/signing-requests/:requestId/file', ...member, async (request, response) => {
  const { requestId } = signingRequestParamsSchema.parse(request.params);
  const { version, inline } = signingRequestFileQuerySchema.parse(request.query);
  const pdf = await openSigningRequestFile(getTeamContext(response).teamId, requestId, version);
  await sendPdf(request, response, pdf, inline === '1');
});
