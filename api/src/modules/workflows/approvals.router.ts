import {
  absenceRequestSchema,
  absenceResponseSchema,
  approvalsOverviewResponseSchema,
  bulkDecisionRequestSchema,
  bulkDecisionResponseSchema,
  commentRequestSchema,
  decisionRequestSchema,
  inboxQuerySchema,
  inboxResponseSchema,
  instanceParamsSchema,
  instanceResponseSchema,
  reassignRequestSchema,
  resubmitRequestSchema,
  submissionParamsSchema,
  taskDetailResponseSchema,
  taskParamsSchema,
  withdrawRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { getSession, requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, requireTeamRole } from '../teams/require-team-role';
import { deleteAbsence, findAbsence, saveAbsence } from './absences.service';
import {
  claimTask,
  commentOnTask,
  decideInBulk,
  decideTask,
  findInbox,
  findOverview,
  findSubmissionWorkflow,
  findTaskDetail,
  reassignTask,
  releaseTask,
  resubmitInstance,
  withdrawInstance,
} from './approvals.service';

/**
 * Running approvals. Tasks are a person's, whatever team the session is in (an approver may be
 * asked by another team's workflow): a signed-in session suffices, and the service lets through only
 * the task's approvers and its team's managers. A request as a whole belongs to its team.
 */
export const approvalsRouter = Router();
const member = [requireSession, requireTeamRole(...anyTeamRole)];

const userIdOf = (response: Response) => getSession(response).userId;
const sessionOf = (response: Response) => ({
  userId: getSession(response).userId,
  teamId: getTeamContext(response).teamId,
});
/** For the routes a requester from outside the team may use too: the service decides who sees what. */
const anyoneOf = (response: Response) => ({ userId: getSession(response).userId, teamId: getSession(response).teamId });

approvalsRouter.get('/approvals/overview', ...member, async (_request, response) => {
  response.set('Cache-Control', 'no-store');
  const body = await findOverview(sessionOf(response));
  sendValidated(response, { status: 200, schema: approvalsOverviewResponseSchema, body });
});

approvalsRouter.get('/approvals/tasks', requireSession, async (request, response) => {
  const query = inboxQuerySchema.parse(request.query);
  response.set('Cache-Control', 'no-store');
  const body = await findInbox(userIdOf(response), query);
  sendValidated(response, { status: 200, schema: inboxResponseSchema, body });
});

approvalsRouter.post('/approvals/bulk-decision', requireSession, async (request, response) => {
  const { taskIds } = bulkDecisionRequestSchema.parse(request.body);
  const body = await decideInBulk(userIdOf(response), taskIds);
  sendValidated(response, { status: 200, schema: bulkDecisionResponseSchema, body });
});

approvalsRouter.get('/approvals/tasks/:taskId', requireSession, async (request, response) => {
  const { taskId } = taskParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  const body = await findTaskDetail(userIdOf(response), taskId);
  sendValidated(response, { status: 200, schema: taskDetailResponseSchema, body });
});

approvalsRouter.post('/approvals/tasks/:taskId/decision', requireSession, async (request, response) => {
  const { taskId } = taskParamsSchema.parse(request.params);
  const input = decisionRequestSchema.parse(request.body);
  const body = await decideTask(userIdOf(response), taskId, input);
  sendValidated(response, { status: 200, schema: taskDetailResponseSchema, body });
});

approvalsRouter.post('/approvals/tasks/:taskId/claim', requireSession, async (request, response) => {
  const { taskId } = taskParamsSchema.parse(request.params);
  const body = await claimTask(userIdOf(response), taskId);
  sendValidated(response, { status: 200, schema: taskDetailResponseSchema, body });
});

approvalsRouter.post('/approvals/tasks/:taskId/release', requireSession, async (request, response) => {
  const { taskId } = taskParamsSchema.parse(request.params);
  const body = await releaseTask(userIdOf(response), taskId);
  sendValidated(response, { status: 200, schema: taskDetailResponseSchema, body });
});

approvalsRouter.post('/approvals/tasks/:taskId/reassign', requireSession, async (request, response) => {
  const { taskId } = taskParamsSchema.parse(request.params);
  const input = reassignRequestSchema.parse(request.body);
  const body = await reassignTask(userIdOf(response), taskId, input);
  sendValidated(response, { status: 200, schema: taskDetailResponseSchema, body });
});

approvalsRouter.post('/approvals/tasks/:taskId/comments', requireSession, async (request, response) => {
  const { taskId } = taskParamsSchema.parse(request.params);
  const { text } = commentRequestSchema.parse(request.body);
  const body = await commentOnTask(userIdOf(response), taskId, text);
  sendValidated(response, { status: 200, schema: taskDetailResponseSchema, body });
});

approvalsRouter.get('/approvals/absence', requireSession, async (_request, response) => {
  const body = await findAbsence(userIdOf(response));
  sendValidated(response, { status: 200, schema: absenceResponseSchema, body });
});

// The delegate is a member of the session's team.
approvalsRouter.put('/approvals/absence', ...member, async (request, response) => {
  const input = absenceRequestSchema.parse(request.body);
  const body = await saveAbsence(sessionOf(response), input);
  sendValidated(response, { status: 200, schema: absenceResponseSchema, body });
});

approvalsRouter.delete('/approvals/absence', requireSession, async (_request, response) => {
  await deleteAbsence(userIdOf(response));
  response.status(204).end();
});

approvalsRouter.get('/submissions/:submissionId/workflow', requireSession, async (request, response) => {
  const { submissionId } = submissionParamsSchema.parse(request.params);
  response.set('Cache-Control', 'no-store');
  const body = await findSubmissionWorkflow(anyoneOf(response), submissionId);
  sendValidated(response, { status: 200, schema: instanceResponseSchema, body });
});

approvalsRouter.post('/workflow-instances/:instanceId/withdraw', requireSession, async (request, response) => {
  const { instanceId } = instanceParamsSchema.parse(request.params);
  const { comment } = withdrawRequestSchema.parse(request.body ?? {});
  const body = await withdrawInstance(anyoneOf(response), instanceId, comment);
  sendValidated(response, { status: 200, schema: instanceResponseSchema, body });
});

approvalsRouter.post('/workflow-instances/:instanceId/resubmit', requireSession, async (request, response) => {
  const { instanceId } = instanceParamsSchema.parse(request.params);
  const { answers } = resubmitRequestSchema.parse(request.body);
  const body = await resubmitInstance(anyoneOf(response), instanceId, answers);
  sendValidated(response, { status: 200, schema: instanceResponseSchema, body });
});
