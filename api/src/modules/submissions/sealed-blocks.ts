import { mongo } from 'mongoose';
import { blockOf, blockSize, type Numbering } from '../../platform/block-paging';
import { enqueueJob, type JobDefinition } from '../../platform/jobs';
import { findFormCounter } from '../forms/form-counters';
import { type SealedBlock, SealedBlockModel } from './sealed-block.model';
import { type Submission, SubmissionModel } from './submission.model';

/**
 * A full block of a form's submissions is kept as one document besides its rows (sealed-block.model.ts),
 * so reading all of a big form (an export, a page) costs one document per 100 submissions. Blocks are
 * sealed by a job: queued when a block's last number is stored, or after a read found blocks complete
 * but unsealed (rows from before the copies).
 *
 * Why a copy is never wrong: submissions are never changed in place, only stored or removed, and every
 * removal (or a number that was never stored) raises the block's `deletedPerBlock` in the form's
 * counter after the row is gone. A copy records that figure as it was read before its rows were, and is
 * used only while the counter still says the same; a block is sealed only when its rows and removals
 * account for all its numbers, so no insert can still be on its way into it. Removing rows also removes
 * their blocks' copies (no answer outlives its deletion), and a copy stored after that removal looked
 * removes itself (storeSeal).
 */

const sealedBlockId = (formId: string, block: number) => `${formId}:${block}`;

// BSON caps a document at 16 MB; a block of very long answers stays read row by row.
const sealedBytesAtMost = 8 * 1024 * 1024;

const removalsIn = (numbering: Numbering, block: number) => numbering.deletedPerBlock[String(block)] ?? 0;

/** Whether every number of the block has been given (the counter is past its last one). */
const isFullyNumbered = (numbering: Numbering, block: number) => (block + 1) * blockSize <= numbering.seq;

/** Whether rows read of a block after its counter was read are all there are to be, ever. */
const isComplete = (numbering: Numbering, block: number, rows: Submission[]) =>
  isFullyNumbered(numbering, block) && rows.length + removalsIn(numbering, block) === blockSize;

async function storeSeal(formId: string, block: number, removals: number, rows: Submission[]): Promise<void> {
  const bytes = mongo.BSON.serialize({ rows });
  if (bytes.length > sealedBytesAtMost) return;
  const _id = sealedBlockId(formId, block);
  await SealedBlockModel.updateOne(
    { _id },
    { $set: { formId, removals, rows: new mongo.Binary(bytes) } },
    { upsert: true },
  );
  // A removal (or the form's deletion) that came between the read and this write may have looked for
  // the copy before it existed: then the copy goes, as the removal would have taken it.
  const counter = await findFormCounter(formId);
  if (!counter || removalsIn(counter, block) !== removals) await SealedBlockModel.deleteOne({ _id, removals });
}

async function readSealedBlock(formId: string, block: number, removals: number): Promise<Submission[] | null> {
  const sealed = await SealedBlockModel.findById(sealedBlockId(formId, block)).lean<SealedBlock>();
  if (!sealed || sealed.removals !== removals) return null;
  return mongo.BSON.deserialize(sealed.rows.value()).rows as Submission[];
}

/**
 * A block of a form's submissions as `numbering` (read before) knows it: from its copy when that is
 * current, else by equality on the indexed {formId, block}; a block then found complete is added to
 * `unsealed`, for the reader to have it sealed afterwards (sealUnsealed). Sealing is left out of the
 * read itself: done on the way, it made an export of unsealed rows half again as slow and its memory
 * larger by a hundred megabytes.
 */
export async function readFormBlock(
  formId: string,
  numbering: Numbering,
  block: number,
  unsealed: Set<number>,
): Promise<Submission[]> {
  if (isFullyNumbered(numbering, block)) {
    const sealed = await readSealedBlock(formId, block, removalsIn(numbering, block));
    if (sealed) return sealed;
  }
  const rows = await SubmissionModel.find({ formId, block }).lean<Submission[]>();
  if (isComplete(numbering, block, rows)) unsealed.add(block);
  return rows;
}

/** Seals a form's block if it is complete and has no current copy. */
async function sealBlock(formId: string, block: number): Promise<void> {
  const counter = await findFormCounter(formId);
  if (!counter || !isFullyNumbered(counter, block)) return;
  const removals = removalsIn(counter, block);
  const sealed = await SealedBlockModel.findById(sealedBlockId(formId, block), { removals: 1 }).lean();
  if (sealed?.removals === removals) return;
  const rows = await SubmissionModel.find({ formId, block }).lean<Submission[]>();
  if (isComplete(counter, block, rows)) await storeSeal(formId, block, removals, rows);
}

export const sealBlocksJobName = 'seal submission blocks';

/** Seals the given blocks of a form, one after another; one whose rows are not all in yet is left. */
export const sealBlocksJob: JobDefinition<{ formId: string; blocks: number[] }> = {
  name: sealBlocksJobName,
  async run({ formId, blocks }) {
    for (const block of blocks) await sealBlock(formId, block);
  },
};

/** Has the complete blocks a read found unsealed sealed in the background, by one job. */
export async function sealUnsealed(formId: string, unsealed: Set<number>): Promise<void> {
  if (unsealed.size === 0) return;
  await enqueueJob(sealBlocksJobName, { formId, blocks: [...unsealed].sort((left, right) => left - right) });
}

// Long enough for the inserts given the block's other numbers to land (they are under way together).
const sealDelayMs = 5_000;

/** After a submission is stored: when it has the last number of its block, the block is sealed soon. */
export async function sealWhenLastOfBlock(formId: string, seq: number): Promise<void> {
  if (seq % blockSize !== 0) return;
  await enqueueJob(sealBlocksJobName, { formId, blocks: [blockOf(seq)] }, { delayMs: sealDelayMs });
}

/** Removes the copies of blocks whose rows were removed (after the counter counted the removal). */
export async function forgetSealedBlocks(formId: string, blocks: Iterable<number>): Promise<void> {
  await Promise.all(
    [...new Set(blocks)].map((block) => SealedBlockModel.deleteOne({ _id: sealedBlockId(formId, block) })),
  );
}

/** Removes every copy of a deleted form's blocks. */
export async function forgetSealedBlocksOfForm(formId: string): Promise<void> {
  await SealedBlockModel.deleteMany({ formId });
}
