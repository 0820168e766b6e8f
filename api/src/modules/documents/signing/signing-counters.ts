import { isDuplicateKey } from '../../../platform/db';
import { type SigningCounter, SigningCounterModel } from './signing-counter.model';

const emptyCounter = (teamId: number): SigningCounter => ({ _id: teamId, seq: 0, count: 0, deletedPerBlock: {} });

export async function findSigningCounter(teamId: number): Promise<SigningCounter> {
  const counter = await SigningCounterModel.findById(teamId).lean<SigningCounter>();
  return counter ? { ...counter, deletedPerBlock: counter.deletedPerBlock ?? {} } : emptyCounter(teamId);
}

/** Gives a new request its number in the team and counts it: one atomic update. */
export async function takeSigningSeq(teamId: number): Promise<number> {
  const take = () =>
    SigningCounterModel.findOneAndUpdate(
      { _id: teamId },
      { $inc: { seq: 1, count: 1 } },
      { upsert: true, new: true },
    ).lean<SigningCounter>();
  // The team's first two requests at once both try to insert the counter; the loser counts on the winner's.
  const counter = await take().catch((error: unknown) => {
    if (isDuplicateKey(error)) return take();
    throw error;
  });
  if (!counter) throw new Error('The signing request counter was not written');
  return counter.seq;
}

/** A number given to a request that was never stored: one fewer, and one more gone in its block. */
export async function recordSigningRemoval(teamId: number, block: number): Promise<void> {
  await SigningCounterModel.updateOne({ _id: teamId }, { $inc: { count: -1, [`deletedPerBlock.${block}`]: 1 } });
}
