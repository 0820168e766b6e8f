import { pipeline } from 'node:stream/promises';
import {
  saveSignatureMarkQuerySchema,
  signatureMarkParamsSchema,
  signatureMarkSchema,
  signatureMarksSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import {
  deleteSignatureMark,
  findSignatureMarks,
  openSignatureMarkImage,
  saveSignatureMark,
} from './signature-marks.service';

// A person's saved signature and initials (/v1/signature-template). They belong to the person, not a
// team: the same in every team, and nobody else's session reaches them.
export const signatureMarksRouter = Router();
const saveLimit = rateLimit({
  name: 'signature-mark-save',
  limit: 120,
  windowMs: 10 * 60_000,
  accountOf: (_request, response) => getSession(response).userId,
});

signatureMarksRouter.get('/signature-marks', requireSession, async (_request, response) => {
  const body = await findSignatureMarks(getSession(response).userId);
  response.set('Cache-Control', 'private, no-store');
  sendValidated(response, { status: 200, schema: signatureMarksSchema, body });
});

/** PUT /signature-marks/{name}?kind=&typedText=&font=: the PNG's bytes as the body. */
signatureMarksRouter.put('/signature-marks/:name', requireSession, saveLimit, async (request, response) => {
  const { name } = signatureMarkParamsSchema.parse(request.params);
  const query = saveSignatureMarkQuerySchema.parse(request.query);
  const declared = request.get('content-length');
  const mark = await saveSignatureMark(
    getSession(response).userId,
    name,
    query,
    request,
    declared === undefined ? undefined : Number(declared),
  );
  sendValidated(response, { status: 200, schema: signatureMarkSchema, body: mark });
});

signatureMarksRouter.delete('/signature-marks/:name', requireSession, async (request, response) => {
  const { name } = signatureMarkParamsSchema.parse(request.params);
  await deleteSignatureMark(getSession(response).userId, name);
  response.status(204).end();
});

signatureMarksRouter.get('/signature-marks/:name/image', requireSession, async (request, response) => {
  const { name } = signatureMarkParamsSchema.parse(request.params);
  const { stream } = await openSignatureMarkImage(getSession(response).userId, name);
  response.set({
    'Content-Type': 'image/png',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, no-store',
  });
  try {
    await pipeline(stream, response);
  } catch (error) {
    // Replaced or deleted meanwhile, or the browser left: this answer ends short, nothing else does.
    request.log.warn({ err: error, name }, 'signature image broken off');
  }
});
