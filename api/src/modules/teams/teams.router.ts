import {
  changeRoleRequestSchema,
  createInvitationRequestSchema,
  invitationParamsSchema,
  memberParamsSchema,
  renameTeamRequestSchema,
  switchTeamRequestSchema,
  teamListResponseSchema,
  teamResponseSchema,
  teamTwoFactorRequestSchema,
} from '@formwerk/contracts';
import { type Response, Router } from 'express';
import { AppError } from '../../platform/errors';
import { sendValidated } from '../../platform/send-validated';
import { answerSession } from '../auth/answer-session';
import { inviteToTeam, revokeInvitation } from '../invitations/invitations.service';
import { getSession, requireSession } from '../sessions/require-session';
import { setSessionTeam } from '../sessions/sessions.service';
import { anyTeamRole, getTeamContext, managerRoles, requireTeamRole } from './require-team-role';
import { changeMemberRole, removeMember } from './team-members.service';
import { changeTwoFactorRequirement } from './team-two-factor.service';
import { describeTeam } from './team-view.service';
import { findMembership, findTeamsOfUser, renameTeam } from './teams.service';

export const teamsRouter = Router();
const anyMember = [requireSession, requireTeamRole(...anyTeamRole)];
const manager = [requireSession, requireTeamRole(...managerRoles)];
const owner = [requireSession, requireTeamRole('owner')];

async function sendTeam(response: Response, status = 200) {
  const { teamId, role } = getTeamContext(response);
  sendValidated(response, { status, schema: teamResponseSchema, body: await describeTeam(teamId, role) });
}

teamsRouter.get('/teams', requireSession, async (_request, response) => {
  const teams = await findTeamsOfUser(getSession(response).userId);
  response.set('Cache-Control', 'no-store');
  sendValidated(response, { status: 200, schema: teamListResponseSchema, body: { teams } });
});

// Switches the session's current team; the answer sets the `team` cookie.
teamsRouter.post('/teams/current', requireSession, async (request, response) => {
  const { teamId } = switchTeamRequestSchema.parse(request.body);
  const { userId, token } = getSession(response);
  if (!(await findMembership(teamId, userId))) throw new AppError('NOT_FOUND', 404, 'No such team');
  await setSessionTeam(token, teamId);
  await answerSession(request, response, { status: 200, token });
});

teamsRouter.get('/team', ...anyMember, async (_request, response) => {
  await sendTeam(response);
});

teamsRouter.patch('/team', ...owner, async (request, response) => {
  const { name } = renameTeamRequestSchema.parse(request.body);
  await renameTeam(getTeamContext(response).teamId, name);
  await sendTeam(response);
});

// Owner or admin; turning it on signs out the owners and admins without two-factor sign-in.
teamsRouter.patch('/team/two-factor', ...manager, async (request, response) => {
  const { requireTwoFactor } = teamTwoFactorRequestSchema.parse(request.body);
  await changeTwoFactorRequirement({
    teamId: getTeamContext(response).teamId,
    actorId: getSession(response).userId,
    requireTwoFactor,
  });
  await sendTeam(response);
});

teamsRouter.patch('/team/members/:userId', ...owner, async (request, response) => {
  const { userId } = memberParamsSchema.parse(request.params);
  const { role } = changeRoleRequestSchema.parse(request.body);
  await changeMemberRole(getTeamContext(response).teamId, userId, role);
  await sendTeam(response);
});

teamsRouter.delete('/team/members/:userId', ...manager, async (request, response) => {
  const { userId } = memberParamsSchema.parse(request.params);
  const { teamId, role } = getTeamContext(response);
  await removeMember(teamId, userId, role);
  await sendTeam(response);
});

teamsRouter.post('/team/invitations', ...manager, async (request, response) => {
  const input = createInvitationRequestSchema.parse(request.body);
  const { teamId, role } = getTeamContext(response);
  // Per the role table only the owner grants the admin role, by an invitation as by a change of role.
  if (input.role === 'admin' && role !== 'owner') throw new AppError('FORBIDDEN', 403, 'Only the owner makes admins');
  await inviteToTeam({ ...input, teamId, inviterId: getSession(response).userId });
  await sendTeam(response, 201);
});

teamsRouter.delete('/team/invitations/:invitationId', ...manager, async (request, response) => {
  const { invitationId } = invitationParamsSchema.parse(request.params);
  await revokeInvitation(getTeamContext(response).teamId, invitationId);
  await sendTeam(response);
});
