import type { TeamSummary } from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { CounterModel, type Team, TeamModel, type TeamRole } from './team.model';

async function nextTeamId(): Promise<number> {
  const advance = () =>
    CounterModel.findOneAndUpdate({ _id: 'teamId' }, { $inc: { value: 1 } }, { upsert: true, new: true, lean: true });
  // The first two sign-ups at once both try to create the counter; the loser advances the winner's.
  const counter = await advance().catch((error: unknown) => {
    if (isDuplicateKey(error)) return advance();
    throw error;
  });
  if (!counter) throw new Error('The team id counter could not be advanced');
  return counter.value;
}

/** Every user owns a personal team from sign-up on. */
export async function createPersonalTeam(owner: { id: string; name: string }): Promise<Team> {
  const team = await TeamModel.create({
    teamId: await nextTeamId(),
    name: owner.name,
    ownerId: owner.id,
    members: [{ userId: owner.id, role: 'owner' }],
  });
  return team.toObject() as Team;
}

export async function findOwnedTeamIds(userId: string): Promise<number[]> {
  const teams = await TeamModel.find({ ownerId: userId }, { teamId: 1 })
    .sort({ teamId: 1 })
    .lean<Pick<Team, 'teamId'>[]>();
  return teams.map((team) => team.teamId);
}

export async function findPersonalTeamId(userId: string): Promise<number> {
  const [teamId] = await findOwnedTeamIds(userId);
  if (teamId === undefined) throw new Error(`User ${userId} has no personal team`);
  return teamId;
}

/** Every team the user belongs to, with their role, for the team switcher. */
export async function findTeamsOfUser(userId: string): Promise<TeamSummary[]> {
  const teams = await TeamModel.find({ 'members.userId': userId }).sort({ teamId: 1 }).lean<Team[]>();
  return teams.map((team) => ({ teamId: team.teamId, name: team.name, role: roleIn(team, userId) ?? 'member' }));
}

function roleIn(team: Team, userId: string): TeamRole | undefined {
  return team.members.find((member) => member.userId.toString() === userId)?.role;
}

/** The team with the user's role in it, or null when the user is not a member. */
export async function findMembership(teamId: number, userId: string): Promise<{ team: Team; role: TeamRole } | null> {
  const team = await TeamModel.findOne({ teamId, 'members.userId': userId }).lean<Team>();
  const role = team ? roleIn(team, userId) : undefined;
  return team && role ? { team, role } : null;
}

export async function findTeam(teamId: number): Promise<Team | null> {
  return TeamModel.findOne({ teamId }).lean<Team>();
}

export async function renameTeam(teamId: number, name: string): Promise<void> {
  await TeamModel.updateOne({ teamId }, { $set: { name } });
}

export async function isTeamMember(teamId: number, userId: string): Promise<boolean> {
  return (await TeamModel.exists({ teamId, 'members.userId': userId })) !== null;
}

export async function addTeamMember(teamId: number, userId: string, role: Exclude<TeamRole, 'owner'>): Promise<void> {
  const team = await TeamModel.findOne({ teamId });
  if (!team) throw new AppError('NOT_FOUND', 404, 'No such team');
  if (team.members.some((member) => member.userId.toString() === userId)) return;
  team.members.push({ userId, role });
  await team.save();
}

/**
 * Edits the membership of `userId` (not the owner's: 400 OWNER_IMMUTABLE; not a member: 404).
 * `change` returns the new role, or null to remove the member.
 */
export async function changeTeamMember(
  teamId: number,
  userId: string,
  change: (role: TeamRole) => Exclude<TeamRole, 'owner'> | null,
): Promise<void> {
  const team = await TeamModel.findOne({ teamId });
  const member = team?.members.find((candidate) => candidate.userId.toString() === userId);
  if (!team || !member) throw new AppError('NOT_FOUND', 404, 'No such member');
  if (member.role === 'owner') throw new AppError('OWNER_IMMUTABLE', 400, 'The owner stays the owner');
  const role = change(member.role);
  if (role === null) team.members.splice(team.members.indexOf(member), 1);
  else member.role = role;
  await team.save();
}

/** Whether a team in which the user is owner or admin requires two-factor sign-in. */
export async function isTwoFactorRequiredFor(userId: string): Promise<boolean> {
  const teams = await TeamModel.find({ requireTwoFactor: true, 'members.userId': userId }, { members: 1 }).lean<
    Pick<Team, 'members'>[]
  >();
  return teams.some((team) => {
    const role = team.members.find((member) => member.userId.toString() === userId)?.role;
    return role === 'owner' || role === 'admin';
  });
}

/** Requires two-factor sign-in of the team's owners and admins, or no longer; answers their ids. */
export async function setTwoFactorRequirement(teamId: number, requireTwoFactor: boolean): Promise<string[]> {
  const team = await TeamModel.findOneAndUpdate({ teamId }, { $set: { requireTwoFactor } }, { new: true }).lean<Team>();
  if (!team) throw new AppError('NOT_FOUND', 404, 'No such team');
  return team.members.filter((member) => member.role !== 'member').map((member) => member.userId.toString());
}
