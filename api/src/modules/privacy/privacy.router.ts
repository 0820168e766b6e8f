import { pipeline } from 'node:stream/promises';
import {
  formParamsSchema,
  personalDataErasureRequestSchema,
  personalDataErasureResponseSchema,
  personalDataExportSchema,
  personalDataFileParamsSchema,
  personalDataParamsSchema,
  personalDataResponseSchema,
  submissionErasuresResponseSchema,
} from '@formwerk/contracts';
import { type Request, type Response, Router } from 'express';
import { AppError } from '../../platform/errors';
import { rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import {
  erasePersonalData,
  exportPersonalData,
  findPersonalData,
  listErasuresOfForm,
  openPersonalFile,
} from './privacy.service';

// A respondent's own data behind the private link of their submission (decision 031), and what the
// form's team learns of erasures.
export const privacyRouter = Router();

// A link's token has 256 random bits: the limit is not what keeps guessing out, it keeps a client from
// hammering the lookups. A respondent reads, downloads and erases a handful of times.
const personalDataLimit = rateLimit({ name: 'personal-data', limit: 60, windowMs: 10 * 60_000 });

/** The token of the route; a malformed one is as unknown as a wrong one. */
function tokenOf(request: Request): string {
  const parsed = personalDataParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError('LINK_INVALID', 404, 'This link leads to no data');
  return parsed.data.token;
}

/** Personal data stays out of caches and search engines. */
function keepPrivate(response: Response): void {
  response.set({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });
}

privacyRouter.get('/public/mydata/:token', personalDataLimit, async (request, response) => {
  const body = await findPersonalData(tokenOf(request));
  keepPrivate(response);
  sendValidated(response, { status: 200, schema: personalDataResponseSchema, body });
});

privacyRouter.get('/public/mydata/:token/export', personalDataLimit, async (request, response) => {
  const body = await exportPersonalData(tokenOf(request));
  keepPrivate(response);
  response.attachment(`formwerk-data-${body.exportedAt.slice(0, 10)}.json`);
  sendValidated(response, { status: 200, schema: personalDataExportSchema, body });
});

privacyRouter.get('/public/mydata/:token/files/:fileId', personalDataLimit, async (request, response) => {
  const token = tokenOf(request);
  const { fileId } = personalDataFileParamsSchema.parse({ ...request.params, token });
  const { file, stream } = await openPersonalFile(token, fileId);
  keepPrivate(response);
  response.attachment(file.name);
  response.set({ 'Content-Type': file.type, 'X-Content-Type-Options': 'nosniff' });
  try {
    await pipeline(stream, response);
  } catch (error) {
    // The file went meanwhile or the browser left: this download ends short, nothing else does.
    request.log.warn({ err: error, fileId }, 'download broken off');
  }
});

privacyRouter.post('/public/mydata/:token/erasure', personalDataLimit, async (request, response) => {
  const token = tokenOf(request);
  personalDataErasureRequestSchema.parse(request.body);
  const body = await erasePersonalData(token);
  keepPrivate(response);
  sendValidated(response, { status: 200, schema: personalDataErasureResponseSchema, body });
});

privacyRouter.get(
  '/forms/:formId/erasures',
  requireSession,
  requireTeamRole(...anyTeamRole),
  async (request, response) => {
    const { formId } = formParamsSchema.parse(request.params);
    response.set('Cache-Control', 'no-store');
    const body = await listErasuresOfForm(getTeamContext(response), formId);
    sendValidated(response, { status: 200, schema: submissionErasuresResponseSchema, body });
  },
);
