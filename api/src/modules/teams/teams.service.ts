import { CounterModel, type Team, TeamModel } from './team.model';

async function nextTeamId(): Promise<number> {
  const counter = await CounterModel.findOneAndUpdate(
    { _id: 'teamId' },
    { $inc: { value: 1 } },
    { upsert: true, new: true, lean: true },
  );
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
