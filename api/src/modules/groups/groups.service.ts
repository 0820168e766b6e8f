import type { GroupResponse, GroupSummary } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { isTeamMember } from '../teams/teams.service';
import { findUsersByIds } from '../users/users.service';
import { queueLostAssigneeReport } from '../workflows/workflow-queue';
import { type Group, GroupModel } from './group.model';

function nameTaken(): AppError {
  return new AppError('GROUP_NAME_TAKEN', 409, 'The team has a group of this name');
}

async function toGroupResponse(group: Group): Promise<GroupResponse> {
  const users = await findUsersByIds(group.memberIds.map(String));
  return {
    id: group._id.toString(),
    name: group.name,
    members: users
      .map((user) => ({ userId: user._id.toString(), name: user.name, email: user.email }))
      .sort((left, right) => left.name.localeCompare(right.name)),
  };
}

// Another team's group answers 404, exactly like one that does not exist.
async function findGroupOfTeam(teamId: number, groupId: string): Promise<Group> {
  const group = await GroupModel.findOne({ _id: groupId, teamId }).lean<Group>();
  if (!group) throw new AppError('NOT_FOUND', 404, 'No such group');
  return group;
}

export async function listGroups(teamId: number): Promise<GroupSummary[]> {
  const groups = await GroupModel.find({ teamId }).sort({ nameKey: 1 }).lean<Group[]>();
  return groups.map((group) => ({ id: group._id.toString(), name: group.name, memberCount: group.memberIds.length }));
}

export async function findGroup(teamId: number, groupId: string): Promise<GroupResponse> {
  return toGroupResponse(await findGroupOfTeam(teamId, groupId));
}

export async function createGroup(teamId: number, name: string): Promise<GroupResponse> {
  try {
    const group = await GroupModel.create({ teamId, name, nameKey: name.toLowerCase() });
    return toGroupResponse(group.toObject() as Group);
  } catch (error) {
    throw isDuplicateKey(error) ? nameTaken() : error;
  }
}

export async function renameGroup(teamId: number, groupId: string, name: string): Promise<GroupResponse> {
  await findGroupOfTeam(teamId, groupId);
  try {
    await GroupModel.updateOne({ _id: groupId, teamId }, { $set: { name, nameKey: name.toLowerCase() } });
  } catch (error) {
    throw isDuplicateKey(error) ? nameTaken() : error;
  }
  return findGroup(teamId, groupId);
}

/** Deletes the group; the admins hear of the approval steps with open tasks that name it. */
export async function deleteGroup(teamId: number, groupId: string): Promise<void> {
  const result = await GroupModel.deleteOne({ _id: groupId, teamId });
  if (result.deletedCount !== 1) throw new AppError('NOT_FOUND', 404, 'No such group');
  await queueLostAssigneeReport({ kind: 'group', teamId, groupId });
}

/** Only members of the team can join its groups. */
export async function addGroupMember(teamId: number, groupId: string, userId: string): Promise<GroupResponse> {
  await findGroupOfTeam(teamId, groupId);
  if (!(await isTeamMember(teamId, userId))) {
    throw new AppError('NOT_TEAM_MEMBER', 400, 'Only members of the team can join its groups');
  }
  await GroupModel.updateOne({ _id: groupId, teamId }, { $addToSet: { memberIds: userId } });
  return findGroup(teamId, groupId);
}

export async function removeGroupMember(teamId: number, groupId: string, userId: string): Promise<GroupResponse> {
  await findGroupOfTeam(teamId, groupId);
  await GroupModel.updateOne({ _id: groupId, teamId }, { $pull: { memberIds: userId } });
  return findGroup(teamId, groupId);
}

/** A member who leaves the team leaves its groups too. */
export async function removeFromAllGroups(teamId: number, userId: string): Promise<void> {
  await GroupModel.updateMany({ teamId }, { $pull: { memberIds: userId } });
}
