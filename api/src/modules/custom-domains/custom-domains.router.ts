import {
  type CustomDomainResponse,
  customDomainResponseSchema,
  formParamsSchema,
  publicDomainParamsSchema,
  publicDomainResponseSchema,
  setCustomDomainRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { AppError } from '../../platform/errors';
import { rateLimit } from '../../platform/rate-limit';
import { sendValidated } from '../../platform/send-validated';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import {
  findFormOfDomain,
  getCustomDomain,
  removeCustomDomain,
  setCustomDomain,
  verifyCustomDomain,
} from './custom-domains.service';

// The "domain" tab of a form's settings, and the lookup by which the shell server answers that domain.
export const customDomainsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];
// Every check asks DNS servers out there; people click "verify" a few times, not hundreds.
const verifyLimit = rateLimit({ name: 'domain-verify', limit: 30, windowMs: 10 * 60_000 });

const sendDomain = (response: Response, body: CustomDomainResponse) =>
  sendValidated(response, { status: 200, schema: customDomainResponseSchema, body });

customDomainsRouter.get('/forms/:formId/domain', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  sendDomain(response, await getCustomDomain(getTeamContext(response), formId));
});

customDomainsRouter.put('/forms/:formId/domain', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  const { hostname } = setCustomDomainRequestSchema.parse(request.body);
  sendDomain(response, await setCustomDomain(getTeamContext(response), formId, hostname));
});

customDomainsRouter.delete('/forms/:formId/domain', ...member, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  await removeCustomDomain(getTeamContext(response), formId);
  response.status(204).end();
});

customDomainsRouter.post('/forms/:formId/domain/verify', ...member, verifyLimit, async (request, response) => {
  const { formId } = formParamsSchema.parse(request.params);
  sendDomain(response, await verifyCustomDomain(getTeamContext(response), formId));
});

customDomainsRouter.get('/public/domains/:hostname', async (request, response) => {
  const parsed = publicDomainParamsSchema.safeParse(request.params);
  if (!parsed.success) throw new AppError('NOT_FOUND', 404, 'No form is served on this domain');
  // Never cached: a domain removed or a form unpublished stops answering at once.
  response.set('Cache-Control', 'no-store');
  sendValidated(response, {
    status: 200,
    schema: publicDomainResponseSchema,
    body: await findFormOfDomain(parsed.data.hostname),
  });
});
