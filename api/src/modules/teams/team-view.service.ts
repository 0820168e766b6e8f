import type { TeamResponse } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { findPendingInvitations, toInvitationDto } from '../invitations/invitations.service';
import { findUsersByIds } from '../users/users.service';
import type { TeamRole } from './team.model';
import { findTeam } from './teams.service';

const roleOrder: Record<TeamRole, number> = { owner: 0, admin: 1, member: 2 };

/** The current team as the team page shows it; pending invitations only to its owner and admins. */
export async function describeTeam(teamId: number, viewerRole: TeamRole): Promise<TeamResponse> {
  const team = await findTeam(teamId);
  if (!team) throw new AppError('NOT_FOUND', 404, 'No such team');
  const users = await findUsersByIds(team.members.map((member) => member.userId.toString()));
  const userById = new Map(users.map((user) => [user._id.toString(), user]));
  const members = team.members.flatMap((member) => {
    const user = userById.get(member.userId.toString());
    return user ? [{ userId: user._id.toString(), name: user.name, email: user.email, role: member.role }] : [];
  });
  members.sort((left, right) => roleOrder[left.role] - roleOrder[right.role] || left.name.localeCompare(right.name));
  const invitations = viewerRole === 'member' ? [] : (await findPendingInvitations(teamId)).map(toInvitationDto);
  return {
    teamId,
    name: team.name,
    role: viewerRole,
    members,
    invitations,
    requireTwoFactor: team.requireTwoFactor ?? false,
  };
}
