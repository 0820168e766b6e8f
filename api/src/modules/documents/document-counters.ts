import { isDuplicateKey } from '../../platform/db';
import { type DocumentCounter, DocumentCounterModel } from './document-counter.model';

const emptyCounter = (teamId: number): DocumentCounter => ({ _id: teamId, seq: 0, count: 0, deletedPerBlock: {} });

export async function findDocumentCounter(teamId: number): Promise<DocumentCounter> {
  const counter = await DocumentCounterModel.findById(teamId).lean<DocumentCounter>();
  return counter ? { ...counter, deletedPerBlock: counter.deletedPerBlock ?? {} } : emptyCounter(teamId);
}

/** Gives a new document its number in the team and counts it: one atomic update. */
export async function takeDocumentSeq(teamId: number): Promise<number> {
  const take = () =>
    DocumentCounterModel.findOneAndUpdate(
      { _id: teamId },
      { $inc: { seq: 1, count: 1 } },
      { upsert: true, new: true },
    ).lean<DocumentCounter>();
  // The team's first two uploads at once both try to insert the counter; the loser counts on the winner's.
  const counter = await take().catch((error: unknown) => {
    if (isDuplicateKey(error)) return take();
    throw error;
  });
  if (!counter) throw new Error('The document counter was not written');
  return counter.seq;
}

/** One document fewer, and one more gone in its block, so pages are planned around it. */
export async function recordDocumentRemoval(teamId: number, block: number): Promise<void> {
  await DocumentCounterModel.updateOne({ _id: teamId }, { $inc: { count: -1, [`deletedPerBlock.${block}`]: 1 } });
}
