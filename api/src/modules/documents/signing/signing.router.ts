import {
  signingApproveRequestSchema,
  signingCodeResponseSchema,
  signingDelegateRequestSchema,
  signingReasonRequestSchema,
  signingSignRequestSchema,
  signingTokenParamsSchema,
  signingVerifyRequestSchema,
  signingVerifyResponseSchema,
  signingViewSchema,
} from '@formwerk/contracts';
import { type Request, type Response, Router } from 'express';
import { AppError } from '../../../platform/errors';
import { rateLimit } from '../../../platform/rate-limit';
import { sendValidated } from '../../../platform/send-validated';
import { hashToken } from '../../../platform/tokens';
import { baseOptions } from '../../sessions/session-cookies';
import { sendPdf } from '../send-pdf';
import {
  approveDocument,
  delegateSigning,
  endSigning,
  openCertificate,
  openSignedCopy,
  openSigningFile,
  type SigningCaller,
  sendSigningCode,
  signDocument,
  verifySigningCode,
  viewSigning,
} from './signing.service';
import { verificationCookieName } from './signing-links';
import { clientOf } from './signing-recipients';

// The recipients' side of signing requests, without an account: everything hangs on the 256-bit token
// of their link. Every answer is private and never cached.
export const signingRouter = Router();

// A link's token is 256 random bits: the limit keeps guessing from even being tried at volume.
const linkLimit = rateLimit({ name: 'signing-link', limit: 300, windowMs: 10 * 60_000 });
const tokenKeyOf = (request: Request) => hashToken(String(request.params.token));
// Each code is a mail to the recipient: a few an hour per link are plenty for a person.
const codeLimit = rateLimit({
  name: 'signing-code',
  limit: 30,
  windowMs: 60 * 60_000,
  accountOf: tokenKeyOf,
  accountLimit: 5,
});
// Besides each code's five tries: bounded guessing per link across codes.
const verifyLimit = rateLimit({
  name: 'signing-verify',
  limit: 60,
  windowMs: 10 * 60_000,
  accountOf: tokenKeyOf,
  accountLimit: 20,
});

/** The token of the route; an id that cannot be one answers as an unknown link does. */
function tokenOf(request: Request): string {
  const parsed = signingTokenParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError('NOT_FOUND', 404, 'This link does not exist (any more)');
  return parsed.data.token;
}

function callerOf(request: Request): SigningCaller {
  const verification: unknown = request.cookies?.[verificationCookieName];
  return {
    ...clientOf(request.ip, request.get('user-agent')),
    verification: typeof verification === 'string' ? verification : undefined,
  };
}

/**
 * The verification cookie: httpOnly, SameSite=Strict, Secure outside localhost, and sent only to this
 * link's own routes, so it speaks for this one recipient and no other.
 */
function cookieOptions(request: Request, token: string) {
  return {
    ...baseOptions(request),
    path: `${request.baseUrl}/signing/${token}`,
    sameSite: 'strict',
    httpOnly: true,
  } as const;
}

const noStore = (response: Response) => response.set('Cache-Control', 'private, no-store');

signingRouter.get('/signing/:token', linkLimit, async (request, response) => {
  const body = await viewSigning(tokenOf(request), callerOf(request));
  noStore(response);
  sendValidated(response, { status: 200, schema: signingViewSchema, body });
});

signingRouter.post('/signing/:token/code', linkLimit, codeLimit, async (request, response) => {
  const body = await sendSigningCode(tokenOf(request), callerOf(request));
  noStore(response);
  sendValidated(response, { status: 202, schema: signingCodeResponseSchema, body });
});

signingRouter.post('/signing/:token/verify', linkLimit, verifyLimit, async (request, response) => {
  const token = tokenOf(request);
  const { code } = signingVerifyRequestSchema.parse(request.body);
  const { cookie, until } = await verifySigningCode(token, code, callerOf(request));
  response.cookie(verificationCookieName, cookie, { ...cookieOptions(request, token), expires: until });
  noStore(response);
  sendValidated(response, {
    status: 200,
    schema: signingVerifyResponseSchema,
    body: { verifiedUntil: until.toISOString() },
  });
});

/** GET /signing/{token}/file: the document to a verified recipient; `?inline=1` shows it sandboxed. */
signingRouter.get('/signing/:token/file', linkLimit, async (request, response) => {
  const pdf = await openSigningFile(tokenOf(request), callerOf(request));
  await sendPdf(request, response, pdf, request.query.inline === '1');
});

signingRouter.post('/signing/:token/sign', linkLimit, async (request, response) => {
  const token = tokenOf(request);
  const { values } = signingSignRequestSchema.parse(request.body);
  const body = await signDocument(token, values, callerOf(request));
  noStore(response);
  sendValidated(response, { status: 200, schema: signingViewSchema, body });
});

signingRouter.post('/signing/:token/approve', linkLimit, async (request, response) => {
  const token = tokenOf(request);
  const { values } = signingApproveRequestSchema.parse(request.body ?? {});
  const body = await approveDocument(token, values, callerOf(request));
  noStore(response);
  sendValidated(response, { status: 200, schema: signingViewSchema, body });
});

signingRouter.post('/signing/:token/reject', linkLimit, async (request, response) => {
  const token = tokenOf(request);
  const { reason } = signingReasonRequestSchema.parse(request.body);
  const body = await endSigning(token, reason, callerOf(request), 'rejected');
  noStore(response);
  sendValidated(response, { status: 200, schema: signingViewSchema, body });
});

signingRouter.post('/signing/:token/decline', linkLimit, async (request, response) => {
  const token = tokenOf(request);
  const { reason } = signingReasonRequestSchema.parse(request.body);
  const body = await endSigning(token, reason, callerOf(request), 'declined');
  noStore(response);
  sendValidated(response, { status: 200, schema: signingViewSchema, body });
});

/** POST /signing/{token}/delegate: this link stops working, so its cookie goes too. */
signingRouter.post('/signing/:token/delegate', linkLimit, async (request, response) => {
  const token = tokenOf(request);
  const person = signingDelegateRequestSchema.parse(request.body);
  await delegateSigning(token, person, callerOf(request));
  response.clearCookie(verificationCookieName, cookieOptions(request, token));
  response.status(204).end();
});

/** GET /signing/{token}/signed: the sealed copy once the request is completed (signing.service.ts says why no code). */
signingRouter.get('/signing/:token/signed', linkLimit, async (request, response) => {
  const pdf = await openSignedCopy(tokenOf(request));
  await sendPdf(request, response, pdf, request.query.inline === '1');
});

/** GET /signing/{token}/certificate: the signed copy's certificate page(s) alone, on the signed copy's terms. */
signingRouter.get('/signing/:token/certificate', linkLimit, async (request, response) => {
  const pdf = await openCertificate(tokenOf(request));
  await sendPdf(request, response, pdf, request.query.inline === '1');
});
