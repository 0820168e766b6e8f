import type { AssignableRole } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { removeFromAllGroups } from '../groups/groups.service';
import { moveSessionsToTeam } from '../sessions/sessions.service';
import { queueLostAssigneeReport } from '../workflows/workflow-queue';
import type { TeamRole } from './team.model';
import { enforceTwoFactorOnPromotion } from './team-two-factor.service';
import { changeTeamMember, findPersonalTeamId } from './teams.service';

/** Only the owner changes roles. */
export async function changeMemberRole(teamId: number, userId: string, role: AssignableRole): Promise<void> {
  await changeTeamMember(teamId, userId, () => role);
  if (role === 'admin') await enforceTwoFactorOnPromotion(teamId, userId);
}

/**
 * Removes a member: the owner removes anyone but themselves, an admin only plain members. The member
 * leaves the team's groups, their sessions in this team move to their personal team, and the admins
 * hear of the approval tasks they leave open.
 */
export async function removeMember(teamId: number, userId: string, removerRole: TeamRole): Promise<void> {
  await changeTeamMember(teamId, userId, (role) => {
    if (removerRole !== 'owner' && role !== 'member') {
      throw new AppError('FORBIDDEN', 403, 'Only the owner removes admins');
    }
    return null;
  });
  await removeFromAllGroups(teamId, userId);
  await moveSessionsToTeam({ userId, fromTeamId: teamId, toTeamId: await findPersonalTeamId(userId) });
  await queueLostAssigneeReport({ kind: 'user', teamId, userId });
}
