import {
  createFormFromTemplateRequestSchema,
  formResponseSchema,
  saveTeamTemplateRequestSchema,
  teamTemplateListResponseSchema,
  teamTemplateParamsSchema,
  teamTemplateResponseSchema,
  templateListResponseSchema,
  templateLocaleQuerySchema,
  templateParamsSchema,
  templateResponseSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import {
  createFormFromTeamTemplate,
  deleteTeamTemplate,
  findTeamTemplate,
  listTeamTemplates,
  saveTeamTemplate,
} from './team-templates.service';
import { createFormFromTemplate, findTemplate, listTemplates } from './templates.service';

// The built-in gallery and the current team's own templates: every member of the team uses them,
// as every member builds forms.
export const templatesRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

const memberOf = (response: Response) => ({ ...getTeamContext(response), userId: getSession(response).userId });

templatesRouter.get('/templates', ...member, (request, response) => {
  const { locale } = templateLocaleQuerySchema.parse(request.query);
  sendValidated(response, { status: 200, schema: templateListResponseSchema, body: listTemplates(locale) });
});

templatesRouter.get('/templates/:templateId', ...member, (request, response) => {
  const { templateId } = templateParamsSchema.parse(request.params);
  const { locale } = templateLocaleQuerySchema.parse(request.query);
  sendValidated(response, { status: 200, schema: templateResponseSchema, body: findTemplate(templateId, locale) });
});

templatesRouter.post('/templates/:templateId/forms', ...member, async (request, response) => {
  const { templateId } = templateParamsSchema.parse(request.params);
  const { locale } = createFormFromTemplateRequestSchema.parse(request.body ?? {});
  const form = await createFormFromTemplate(memberOf(response), templateId, locale);
  sendValidated(response, { status: 201, schema: formResponseSchema, body: form });
});

templatesRouter.post('/team-templates', ...member, async (request, response) => {
  const input = saveTeamTemplateRequestSchema.parse(request.body);
  const template = await saveTeamTemplate(memberOf(response), input);
  sendValidated(response, { status: 201, schema: teamTemplateResponseSchema, body: template });
});

templatesRouter.get('/team-templates', ...member, async (_request, response) => {
  response.set('Cache-Control', 'no-store');
  const templates = await listTeamTemplates(memberOf(response));
  sendValidated(response, { status: 200, schema: teamTemplateListResponseSchema, body: templates });
});

templatesRouter.get('/team-templates/:templateId', ...member, async (request, response) => {
  const { templateId } = teamTemplateParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  const template = await findTeamTemplate(memberOf(response), templateId);
  sendValidated(response, { status: 200, schema: teamTemplateResponseSchema, body: template });
});

templatesRouter.delete('/team-templates/:templateId', ...member, async (request, response) => {
  const { templateId } = teamTemplateParamsSchema.parse(request.params);
  await deleteTeamTemplate(memberOf(response), templateId);
  response.status(204).end();
});

templatesRouter.post('/team-templates/:templateId/forms', ...member, async (request, response) => {
  const { templateId } = teamTemplateParamsSchema.parse(request.params);
  const form = await createFormFromTeamTemplate(memberOf(response), templateId);
  sendValidated(response, { status: 201, schema: formResponseSchema, body: form });
});
