import { isDuplicateKey, trusted } from '../../platform/db';
import { findTeamPlan, planLimitReached } from '../billing/team-plan';
import { FormModel } from './form.model';
import { type TeamFormCounter, TeamFormCounterModel } from './team-form-counter.model';

/** The team's counter, made from a count of its forms when it has none yet (a concurrent one may win). */
async function createCounter(teamId: number): Promise<void> {
  const forms = await FormModel.find({ teamId }, { _id: 1 }).lean<{ _id: unknown }[]>();
  await TeamFormCounterModel.create({ _id: teamId, count: forms.length }).catch((error: unknown) => {
    if (!isDuplicateKey(error)) throw error;
  });
}

/**
 * Counts a new form against the team's plan before it is stored, or refuses with 402
 * PLAN_LIMIT_REACHED. The check and the count are one conditional `$inc`, so two forms made at once
 * never pass the limit together (as team-storage.ts does for bytes).
 */
export async function reserveFormPlace(teamId: number): Promise<void> {
  const plan = await findTeamPlan(teamId);
  const allowed = plan.limits.forms;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const counted = await TeamFormCounterModel.findOneAndUpdate(
      allowed === null ? { _id: teamId } : { _id: teamId, count: trusted({ $lt: allowed }) },
      { $inc: { count: 1 } },
      { new: true },
    ).lean<TeamFormCounter>();
    if (counted) return;
    const existing = await TeamFormCounterModel.findById(teamId).lean<TeamFormCounter>();
    if (existing && allowed !== null && existing.count >= allowed) {
      throw planLimitReached({ limit: 'forms', planId: plan.id, used: existing.count, allowed });
    }
    if (!existing) await createCounter(teamId);
  }
  throw new Error(`The form counter of team ${teamId} could not be raised`);
}

/** Gives back a form's place: the form was deleted, or its creation failed after the reservation. */
export async function releaseFormPlace(teamId: number): Promise<void> {
  await TeamFormCounterModel.updateOne({ _id: teamId }, { $inc: { count: -1 } });
}

/** The forms the team keeps, from its counter (or one count, once, for a team that has none yet). */
export async function countTeamForms(teamId: number): Promise<number> {
  const counter = await TeamFormCounterModel.findById(teamId).lean<TeamFormCounter>();
  if (counter) return Math.max(0, counter.count);
  await createCounter(teamId);
  return Math.max(0, (await TeamFormCounterModel.findById(teamId).lean<TeamFormCounter>())?.count ?? 0);
}
