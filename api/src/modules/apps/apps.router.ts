import {
  appListResponseSchema,
  appParamsSchema,
  appSchema,
  appSubmissionsQuerySchema,
  appSubmissionsResponseSchema,
  appTemplateListQuerySchema,
  appTemplateListResponseSchema,
  appTemplateParamsSchema,
  createAppFromTemplateRequestSchema,
  createAppRequestSchema,
  updateAppRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import {
  createApp,
  createAppFromTemplate,
  deleteApp,
  findApp,
  listAppSubmissions,
  listApps,
  listAppTemplates,
  updateApp,
} from './apps.service';

// Apps bundle forms of the current team; every member of the team builds and uses them.
export const appsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];
const memberOf = (response: Response) => ({ ...getTeamContext(response), userId: getSession(response).userId });

appsRouter.get('/apps', ...member, async (_request, response) => {
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: appListResponseSchema, body: await listApps(memberOf(response)) });
});

appsRouter.post('/apps', ...member, async (request, response) => {
  const input = createAppRequestSchema.parse(request.body);
  sendValidated(response, { status: 201, schema: appSchema, body: await createApp(memberOf(response), input) });
});

appsRouter.get('/apps/:appId', ...member, async (request, response) => {
  const { appId } = appParamsSchema.parse(request.params);
  sendValidated(response, { status: 200, schema: appSchema, body: await findApp(memberOf(response), appId) });
});

appsRouter.patch('/apps/:appId', ...member, async (request, response) => {
  const { appId } = appParamsSchema.parse(request.params);
  const change = updateAppRequestSchema.parse(request.body);
  sendValidated(response, { status: 200, schema: appSchema, body: await updateApp(memberOf(response), appId, change) });
});

appsRouter.delete('/apps/:appId', ...member, async (request, response) => {
  const { appId } = appParamsSchema.parse(request.params);
  await deleteApp(memberOf(response), appId);
  response.status(204).end();
});

appsRouter.get('/apps/:appId/submissions', ...member, async (request, response) => {
  const { appId } = appParamsSchema.parse(request.params);
  const { page, pageSize } = appSubmissionsQuerySchema.parse(request.query);
  response.set('Cache-Control', 'no-store');
  const body = await listAppSubmissions(memberOf(response), appId, page, pageSize);
  sendValidated(response, { status: 200, schema: appSubmissionsResponseSchema, body });
});

appsRouter.get('/app-templates', ...member, (request, response) => {
  const { locale } = appTemplateListQuerySchema.parse(request.query);
  sendValidated(response, { status: 200, schema: appTemplateListResponseSchema, body: listAppTemplates(locale) });
});

appsRouter.post('/app-templates/:templateId/apps', ...member, async (request, response) => {
  const { templateId } = appTemplateParamsSchema.parse(request.params);
  const { locale } = createAppFromTemplateRequestSchema.parse(request.body ?? {});
  const app = await createAppFromTemplate(memberOf(response), templateId, locale);
  sendValidated(response, { status: 201, schema: appSchema, body: app });
});
