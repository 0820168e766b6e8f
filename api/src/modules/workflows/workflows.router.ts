import {
  createWorkflowRequestSchema,
  publishWorkflowRequestSchema,
  saveWorkflowRequestSchema,
  workflowListResponseSchema,
  workflowParamsSchema,
  workflowPeopleResponseSchema,
  workflowResponseSchema,
  workflowVersionParamsSchema,
  workflowVersionResponseSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, managerRoles, requireTeamRole } from '../teams/require-team-role';
import {
  createWorkflow,
  deleteWorkflow,
  duplicateWorkflow,
  findWorkflow,
  findWorkflowPeople,
  findWorkflowVersion,
  listWorkflows,
  publishWorkflow,
  saveWorkflow,
} from './workflows.service';

// The team's workflow definitions: every member reads them; owner and admins create, edit and publish.
export const workflowsRouter = Router();
const anyMember = [requireSession, requireTeamRole(...anyTeamRole)];
const manager = [requireSession, requireTeamRole(...managerRoles)];

const editorOf = (response: Parameters<typeof getSession>[0]) => ({
  teamId: getTeamContext(response).teamId,
  userId: getSession(response).userId,
});

workflowsRouter.get('/workflows', ...anyMember, async (_request, response) => {
  const body = await listWorkflows(getTeamContext(response));
  sendValidated(response, { status: 200, schema: workflowListResponseSchema, body });
});

workflowsRouter.post('/workflows', ...manager, async (request, response) => {
  const input = createWorkflowRequestSchema.parse(request.body);
  const body = await createWorkflow(editorOf(response), input);
  sendValidated(response, { status: 201, schema: workflowResponseSchema, body });
});

// Before /workflows/:workflowId, which would take "people" for an id.
workflowsRouter.get('/workflows/people', ...anyMember, async (_request, response) => {
  const body = await findWorkflowPeople(getTeamContext(response));
  sendValidated(response, { status: 200, schema: workflowPeopleResponseSchema, body });
});

workflowsRouter.get('/workflows/:workflowId', ...anyMember, async (request, response) => {
  const { workflowId } = workflowParamsSchema.parse(request.params);
  const body = await findWorkflow(getTeamContext(response), workflowId);
  sendValidated(response, { status: 200, schema: workflowResponseSchema, body });
});

workflowsRouter.put('/workflows/:workflowId', ...manager, async (request, response) => {
  const { workflowId } = workflowParamsSchema.parse(request.params);
  const input = saveWorkflowRequestSchema.parse(request.body);
  const body = await saveWorkflow(getTeamContext(response), workflowId, input);
  sendValidated(response, { status: 200, schema: workflowResponseSchema, body });
});

workflowsRouter.post('/workflows/:workflowId/publish', ...manager, async (request, response) => {
  const { workflowId } = workflowParamsSchema.parse(request.params);
  const { revision } = publishWorkflowRequestSchema.parse(request.body);
  const body = await publishWorkflow(editorOf(response), workflowId, revision);
  sendValidated(response, { status: 200, schema: workflowResponseSchema, body });
});

workflowsRouter.post('/workflows/:workflowId/duplicate', ...manager, async (request, response) => {
  const { workflowId } = workflowParamsSchema.parse(request.params);
  const body = await duplicateWorkflow(editorOf(response), workflowId);
  sendValidated(response, { status: 201, schema: workflowResponseSchema, body });
});

workflowsRouter.delete('/workflows/:workflowId', ...manager, async (request, response) => {
  const { workflowId } = workflowParamsSchema.parse(request.params);
  await deleteWorkflow(getTeamContext(response), workflowId);
  response.status(204).end();
});

workflowsRouter.get('/workflows/:workflowId/versions/:version', ...anyMember, async (request, response) => {
  const { workflowId, version } = workflowVersionParamsSchema.parse(request.params);
  const body = await findWorkflowVersion(getTeamContext(response), workflowId, version);
  sendValidated(response, { status: 200, schema: workflowVersionResponseSchema, body });
});
