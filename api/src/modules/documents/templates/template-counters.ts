import { isDuplicateKey } from '../../../platform/db';
import { type TemplateCounter, TemplateCounterModel } from './template-counter.model';

const emptyCounter = (teamId: number): TemplateCounter => ({ _id: teamId, seq: 0, count: 0, deletedPerBlock: {} });

export async function findTemplateCounter(teamId: number): Promise<TemplateCounter> {
  const counter = await TemplateCounterModel.findById(teamId).lean<TemplateCounter>();
  return counter ? { ...counter, deletedPerBlock: counter.deletedPerBlock ?? {} } : emptyCounter(teamId);
}

/** Gives a new template its number in the team and counts it: one atomic update. */
export async function takeTemplateSeq(teamId: number): Promise<number> {
  const take = () =>
    TemplateCounterModel.findOneAndUpdate(
      { _id: teamId },
      { $inc: { seq: 1, count: 1 } },
      { upsert: true, new: true },
    ).lean<TemplateCounter>();
  // The team's first two templates at once both try to insert the counter; the loser counts on the winner's.
  const counter = await take().catch((error: unknown) => {
    if (isDuplicateKey(error)) return take();
    throw error;
  });
  if (!counter) throw new Error('The template counter was not written');
  return counter.seq;
}

/** One template fewer, and one more gone in its block, so pages are planned around it. */
export async function recordTemplateRemoval(teamId: number, block: number): Promise<void> {
  await TemplateCounterModel.updateOne({ _id: teamId }, { $inc: { count: -1, [`deletedPerBlock.${block}`]: 1 } });
}
