import type {
  AssignableRole,
  ChangeRoleRequest,
  CreateInvitationRequest,
  RenameTeamRequest,
  TeamResponse,
  TeamTwoFactorRequest,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** The roles a role change or an invitation can give, in the order the selects offer them. */
export const assignableRoles: readonly AssignableRole[] = ['member', 'admin'];

// Every change answers the whole team as it is afterwards.
export const findTeam = () => apiRequest<TeamResponse>('/team');

export const renameTeam = (request: RenameTeamRequest) =>
  apiRequest<TeamResponse>('/team', { method: 'PATCH', body: request });

export const changeMemberRole = (userId: string, request: ChangeRoleRequest) =>
  apiRequest<TeamResponse>(`/team/members/${userId}`, { method: 'PATCH', body: request });

export const removeMember = (userId: string) =>
  apiRequest<TeamResponse>(`/team/members/${userId}`, { method: 'DELETE' });

export const inviteMember = (request: CreateInvitationRequest) =>
  apiRequest<TeamResponse>('/team/invitations', { method: 'POST', body: request });

export const revokeInvitation = (invitationId: string) =>
  apiRequest<TeamResponse>(`/team/invitations/${invitationId}`, { method: 'DELETE' });

// Owner or admin; requiring it signs out the owners and admins without it (they set it up at sign-in).
export const setTwoFactorRequirement = (request: TeamTwoFactorRequest) =>
  apiRequest<TeamResponse>('/team/two-factor', { method: 'PATCH', body: request });
