import { coalesce } from '../../platform/coalesce';
import { isDuplicateKey } from '../../platform/db';
import { forgetDaysUpdate, removalIncrements, type SubmissionRemoval } from '../forms/form-counters';
import { type TeamSubmissionCounter, TeamSubmissionCounterModel } from './team-submission-counter.model';

export function findTeamCounter(teamId: number): Promise<TeamSubmissionCounter | null> {
  return TeamSubmissionCounterModel.findById(teamId).lean<TeamSubmissionCounter>();
}

// Submissions of one team that arrive together take their numbers in one update.
const takeTeamSeqsTogether = coalesce<{ teamId: number; day: string }, TeamSubmissionCounter | null>(
  async (requests) => {
    const [first] = requests;
    if (!first) return [];
    const count = requests.length;
    const counter = await TeamSubmissionCounterModel.findOneAndUpdate(
      { _id: first.teamId },
      { $inc: { seq: count, count, [`days.${first.day}`]: count } },
      { new: true },
    ).lean<TeamSubmissionCounter>();
    return requests.map((_, index) => counter && { ...counter, seq: counter.seq - count + 1 + index });
  },
);

/**
 * Gives an accepted submission its number in the team and counts it for its day: atomic updates, one
 * for all that arrive together (platform/coalesce.ts). Null while the team has no counter (its
 * submissions are not numbered yet).
 */
export function takeTeamSeq(teamId: number, day: string): Promise<TeamSubmissionCounter | null> {
  return takeTeamSeqsTogether(`${teamId}|${day}`, { teamId, day });
}

export async function recordTeamRemoval(teamId: number, removal: SubmissionRemoval): Promise<void> {
  if (removal.count === 0) return;
  await TeamSubmissionCounterModel.updateOne({ _id: teamId }, { $inc: removalIncrements(removal) });
}

/** Drops per-day counts no longer shown (see submissionDaysKept). */
export async function forgetTeamDays(teamId: number, days: string[]): Promise<void> {
  if (days.length === 0) return;
  await TeamSubmissionCounterModel.updateOne({ _id: teamId }, forgetDaysUpdate(days));
}

/** The counter of a team whose submissions were just numbered; a concurrent numbering may have won. */
export async function createTeamCounter(counter: TeamSubmissionCounter): Promise<void> {
  try {
    await TeamSubmissionCounterModel.create(counter);
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}
