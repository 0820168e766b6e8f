import type { AddGroupMemberRequest, GroupResponse, SaveGroupRequest, TeamResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findGroup = (groupId: string) => apiRequest<GroupResponse>(`/team/groups/${groupId}`);

export const renameGroup = (groupId: string, request: SaveGroupRequest) =>
  apiRequest<GroupResponse>(`/team/groups/${groupId}`, { method: 'PATCH', body: request });

export const deleteGroup = (groupId: string) => apiRequest<void>(`/team/groups/${groupId}`, { method: 'DELETE' });

export const addGroupMember = (groupId: string, request: AddGroupMemberRequest) =>
  apiRequest<GroupResponse>(`/team/groups/${groupId}/members`, { method: 'POST', body: request });

export const removeGroupMember = (groupId: string, userId: string) =>
  apiRequest<GroupResponse>(`/team/groups/${groupId}/members/${userId}`, { method: 'DELETE' });

/** Who can join a group: the members of its team. */
export const listTeamMembers = () => apiRequest<TeamResponse>('/team').then((team) => team.members);
