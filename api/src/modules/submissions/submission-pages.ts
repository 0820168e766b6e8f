import { blocksInOrder, type Numbering, planPage } from '../../platform/block-paging';
import { readFormBlock, sealUnsealed } from './sealed-blocks';
import { type Submission, SubmissionModel } from './submission.model';

type Order = 'asc' | 'desc';

/** Whose numbering a page follows: one form's (`seq` in `block`) or the whole team's (`teamSeq` in `teamBlock`). */
export type NumberedScope =
  | { kind: 'form'; formId: string; numbering: Numbering }
  | { kind: 'team'; teamId: number; numbering: Numbering };

const seqIn = (scope: NumberedScope, submission: Submission) =>
  (scope.kind === 'form' ? submission.seq : submission.teamSeq) ?? 0;

/**
 * A form's block from its sealed copy when current (sealed-blocks.ts), noting in `unsealed` a complete
 * one without; a team's by {teamId, teamBlock}.
 */
function readBlock(scope: NumberedScope, block: number, unsealed: Set<number>): Promise<Submission[]> {
  return scope.kind === 'form'
    ? readFormBlock(scope.formId, scope.numbering, block, unsealed)
    : SubmissionModel.find({ teamId: scope.teamId, teamBlock: block }).lean<Submission[]>();
}

/**
 * After a read: the form's complete blocks it found unsealed are sealed in the background. Only the
 * next read is the faster for it, so a read never fails for it either.
 */
async function sealAfterRead(scope: NumberedScope, unsealed: Set<number>): Promise<void> {
  if (scope.kind === 'form') await sealUnsealed(scope.formId, unsealed).catch(() => undefined);
}

/**
 * A block's submissions in order, without those numbered after the counters were read (they belong
 * to the next look, and the total does not count them yet).
 */
function inOrder(scope: NumberedScope, submissions: Submission[], order: Order): Submission[] {
  const direction = order === 'asc' ? 1 : -1;
  return submissions
    .filter((submission) => seqIn(scope, submission) <= scope.numbering.seq)
    .sort((left, right) => direction * (seqIn(scope, left) - seqIn(scope, right)));
}

/**
 * One page of a form's or team's submissions, newest (`desc`) or oldest first, from the counters alone:
 * the blocks holding the page are known without reading (planPage), then read in parallel, each by
 * equality on the indexed {formId, block} or {teamId, teamBlock}. Page 1 and page 1 000 cost the same.
 */
export async function readPage(
  scope: NumberedScope,
  { page, pageSize, order }: { page: number; pageSize: number; order: Order },
): Promise<Submission[]> {
  const { blocks, offset } = planPage(scope.numbering, { skip: (page - 1) * pageSize, take: pageSize, order });
  const unsealed = new Set<number>();
  const read = await Promise.all(blocks.map((block) => readBlock(scope, block, unsealed)));
  await sealAfterRead(scope, unsealed);
  return read.flatMap((submissions) => inOrder(scope, submissions, order)).slice(offset, offset + pageSize);
}

// Blocks being read ahead while the rows of the current one are written out.
const blocksReadAhead = 3;

/**
 * Every submission of a form or team, a block at a time in the order asked, each block one equality
 * read (or its sealed copy): never a sort over all of them, and never more than a few blocks in memory,
 * so an export of 100 000 rows streams with bounded memory. The next blocks are read while the current
 * one is consumed; whole blocks are handed on, not rows one by one (100 000 awaits cost more than the
 * rows).
 */
export async function* readAllInOrder(scope: NumberedScope, order: Order): AsyncGenerator<Submission[]> {
  const blocks = blocksInOrder(scope.numbering, order);
  const pending: Promise<Submission[]>[] = [];
  const unsealed = new Set<number>();
  let next = 0;
  const readAhead = () => {
    while (pending.length < blocksReadAhead && next < blocks.length) {
      pending.push(readBlock(scope, blocks[next] as number, unsealed));
      next += 1;
    }
  };
  try {
    readAhead();
    while (pending.length > 0) {
      const submissions = await (pending.shift() as Promise<Submission[]>);
      readAhead();
      yield inOrder(scope, submissions, order);
    }
    await sealAfterRead(scope, unsealed);
  } finally {
    // A consumer that stops early (a download cancelled) leaves reads in flight: their failures are moot.
    for (const read of pending) read.catch(() => undefined);
  }
}

/**
 * A page of the submissions of several forms together, newest first (an app's list). Of the ways to
 * merge numberings that do not know each other, the simplest that stays on equality reads: the page
 * is among the newest `page × pageSize` of each form, so each form's blocks covering those are read
 * (in parallel, by {formId, block}), merged by the team's number (the order they arrived in) and cut.
 * The first pages, where people look, read one or two blocks per form; deep pages read more.
 */
export async function readMergedPage(
  forms: { formId: string; numbering: Numbering }[],
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Submission[]> {
  const newest = page * pageSize;
  const perForm = await Promise.all(
    forms.map(async ({ formId, numbering }) => {
      const scope: NumberedScope = { kind: 'form', formId, numbering };
      const { blocks } = planPage(numbering, { skip: 0, take: newest, order: 'desc' });
      const unsealed = new Set<number>();
      const read = await Promise.all(blocks.map((block) => readBlock(scope, block, unsealed)));
      await sealAfterRead(scope, unsealed);
      return read.flatMap((submissions) => inOrder(scope, submissions, 'desc'));
    }),
  );
  return perForm
    .flat()
    .sort((left, right) => (right.teamSeq ?? 0) - (left.teamSeq ?? 0))
    .slice((page - 1) * pageSize, newest);
}
