import {
  addGroupMemberRequestSchema,
  groupListResponseSchema,
  groupMemberParamsSchema,
  groupParamsSchema,
  groupResponseSchema,
  saveGroupRequestSchema,
} from '@formwerk/contracts';
import { Router } from 'express';
import { sendValidated } from '../../platform/send-validated';
import { requireSession } from '../sessions/require-session';
import { anyTeamRole, getTeamContext, managerRoles, requireTeamRole } from '../teams/require-team-role';
import {
  addGroupMember,
  createGroup,
  deleteGroup,
  findGroup,
  listGroups,
  removeGroupMember,
  renameGroup,
} from './groups.service';

// Groups of the current team: every member reads them (workflow steps pick them); owner and admins edit.
export const groupsRouter = Router();
const anyMember = [requireSession, requireTeamRole(...anyTeamRole)];
const manager = [requireSession, requireTeamRole(...managerRoles)];

groupsRouter.get('/team/groups', ...anyMember, async (_request, response) => {
  const groups = await listGroups(getTeamContext(response).teamId);
  sendValidated(response, { status: 200, schema: groupListResponseSchema, body: { groups } });
});

groupsRouter.post('/team/groups', ...manager, async (request, response) => {
  const { name } = saveGroupRequestSchema.parse(request.body);
  const group = await createGroup(getTeamContext(response).teamId, name);
  sendValidated(response, { status: 201, schema: groupResponseSchema, body: group });
});

groupsRouter.get('/team/groups/:groupId', ...anyMember, async (request, response) => {
  const { groupId } = groupParamsSchema.parse(request.params);
  const group = await findGroup(getTeamContext(response).teamId, groupId);
  sendValidated(response, { status: 200, schema: groupResponseSchema, body: group });
});

groupsRouter.patch('/team/groups/:groupId', ...manager, async (request, response) => {
  const { groupId } = groupParamsSchema.parse(request.params);
  const { name } = saveGroupRequestSchema.parse(request.body);
  const group = await renameGroup(getTeamContext(response).teamId, groupId, name);
  sendValidated(response, { status: 200, schema: groupResponseSchema, body: group });
});

groupsRouter.delete('/team/groups/:groupId', ...manager, async (request, response) => {
  const { groupId } = groupParamsSchema.parse(request.params);
  await deleteGroup(getTeamContext(response).teamId, groupId);
  response.status(204).end();
});

groupsRouter.post('/team/groups/:groupId/members', ...manager, async (request, response) => {
  const { groupId } = groupParamsSchema.parse(request.params);
  const { userId } = addGroupMemberRequestSchema.parse(request.body);
  const group = await addGroupMember(getTeamContext(response).teamId, groupId, userId);
  sendValidated(response, { status: 200, schema: groupResponseSchema, body: group });
});

groupsRouter.delete('/team/groups/:groupId/members/:userId', ...manager, async (request, response) => {
  const { groupId, userId } = groupMemberParamsSchema.parse(request.params);
  const group = await removeGroupMember(getTeamContext(response).teamId, groupId, userId);
  sendValidated(response, { status: 200, schema: groupResponseSchema, body: group });
});
