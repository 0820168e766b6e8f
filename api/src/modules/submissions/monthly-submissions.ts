import { coalesce } from '../../platform/coalesce';
import { isDuplicateKey, trusted } from '../../platform/db';
import { notifyTeamManagers } from '../billing/billing-notices';
import { billingMonthOf, findTeamPlan, planLimitReached } from '../billing/team-plan';
import { type MonthlySubmissionCounter, MonthlySubmissionCounterModel } from './monthly-submission-counter.model';

const counterIdOf = (teamId: number, month: string) => `${teamId}:${month}`;

// Answers by one update at a time per counter; more tries than this mean other api instances keep
// taking the same counter's last places, and the submission is refused rather than counted twice.
const attemptsAtTaking = 5;

/**
 * Takes up to `wanted` of the month's places the team's plan leaves: each try is one `$inc` that
 * matches only while the places are there, so the places taken never pass the limit, whoever takes
 * them at once. Answers how many it took.
 */
async function takePlaces(teamId: number, month: string, wanted: number): Promise<number> {
  const allowed = (await findTeamPlan(teamId)).limits.submissionsPerMonth;
  const _id = counterIdOf(teamId, month);
  if (allowed === null) {
    await MonthlySubmissionCounterModel.updateOne({ _id }, { $inc: { count: wanted } }, { upsert: true }).catch(
      (error: unknown) => (isDuplicateKey(error) ? takePlaces(teamId, month, wanted) : Promise.reject(error)),
    );
    return wanted;
  }
  let asked = wanted;
  for (let attempt = 0; attempt < attemptsAtTaking; attempt += 1) {
    const taken = await MonthlySubmissionCounterModel.findOneAndUpdate(
      { _id, count: trusted({ $lte: allowed - asked }) },
      { $inc: { count: asked } },
      { new: true },
    ).lean<MonthlySubmissionCounter>();
    if (taken) return asked;
    const counter = await MonthlySubmissionCounterModel.findById(_id).lean<MonthlySubmissionCounter>();
    if (!counter) {
      await MonthlySubmissionCounterModel.create({ _id, count: 0 }).catch((error: unknown) => {
        if (!isDuplicateKey(error)) throw error;
      });
      continue;
    }
    // Fewer places left than asked for: those that are.
    asked = Math.min(wanted, allowed - counter.count);
    if (asked <= 0) return 0;
  }
  return 0;
}

// The submissions of one team that arrive together ask for their places in one update (a burst of a
// hundred costs a few round trips, not a hundred); the first ones get the places left.
const takeTogether = coalesce<{ teamId: number; month: string }, boolean>(async (requests) => {
  const [first] = requests;
  if (!first) return [];
  const taken = await takePlaces(first.teamId, first.month, requests.length);
  return requests.map((_, index) => index < taken);
});

/** A place of this month's submissions, to give back with releaseMonthlySubmission if it is not stored. */
export type MonthlyPlace = { teamId: number; month: string };

/**
 * Counts an accepted submission against the month's submissions the team's plan allows, or refuses
 * with 402 PLAN_LIMIT_REACHED (and tells the team's owners and admins, once a month).
 */
export async function reserveMonthlySubmission(teamId: number, now: Date): Promise<MonthlyPlace> {
  const month = billingMonthOf(now);
  if (await takeTogether(counterIdOf(teamId, month), { teamId, month })) return { teamId, month };
  const [plan, counter] = await Promise.all([
    findTeamPlan(teamId),
    MonthlySubmissionCounterModel.findById(counterIdOf(teamId, month)).lean<MonthlySubmissionCounter>(),
  ]);
  const allowed = plan.limits.submissionsPerMonth ?? 0;
  return Promise.reject(
    planLimitReached({
      limit: 'submissionsPerMonth',
      planId: plan.id,
      used: Math.max(counter?.count ?? 0, allowed),
      allowed,
    }),
  );
}

export async function releaseMonthlySubmission({ teamId, month }: MonthlyPlace): Promise<void> {
  await MonthlySubmissionCounterModel.updateOne({ _id: counterIdOf(teamId, month) }, { $inc: { count: -1 } });
}

/**
 * Tells the team's owners and admins that this month's submissions are used up, the first time a
 * submission is refused for it: the counter's flag is set by one conditional update, so once however
 * many are refused at once; should telling fail, the flag is cleared for the next refusal to try again.
 */
export async function noticeMonthlyLimit(teamId: number, now: Date, formTitle: string): Promise<void> {
  const _id = counterIdOf(teamId, billingMonthOf(now));
  const claimed = await MonthlySubmissionCounterModel.findOneAndUpdate(
    { _id, isLimitNoticed: false },
    { $set: { isLimitNoticed: true } },
  ).lean<MonthlySubmissionCounter>();
  if (!claimed) return;
  const allowed = (await findTeamPlan(teamId)).limits.submissionsPerMonth ?? 0;
  try {
    await notifyTeamManagers(teamId, {
      type: 'submissionLimitReached',
      params: { formTitle, allowed: String(allowed) },
    });
  } catch (error) {
    await MonthlySubmissionCounterModel.updateOne({ _id }, { $set: { isLimitNoticed: false } });
    throw error;
  }
}

/** This month's submissions of the team, as counted. */
export async function countMonthlySubmissions(teamId: number, month: string): Promise<number> {
  const counter = await MonthlySubmissionCounterModel.findById(
    counterIdOf(teamId, month),
  ).lean<MonthlySubmissionCounter>();
  return Math.max(0, counter?.count ?? 0);
}
