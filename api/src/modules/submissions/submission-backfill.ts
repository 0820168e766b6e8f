import type { Types } from 'mongoose';
import { blockOf } from '../../platform/block-paging';
import { trusted } from '../../platform/db';
import { findLegacyReferenceNumber } from '../form-settings/reference-numbers';
import { createFormCounter, findFormCountersOfTeam } from '../forms/form-counters';
import {
  dropLegacyFormCounters,
  type FormRow,
  findFormRowsOfTeam,
  type LegacyFormCounters,
} from '../forms/forms.service';
import { SubmissionModel } from './submission.model';
import { countPerDay } from './submission-numbering';
import { createTeamCounter, findTeamCounter } from './team-submission-counters';

type Row = {
  _id: Types.ObjectId;
  formId: Types.ObjectId;
  createdAt: Date;
  score?: unknown;
  seq?: number | null;
  teamSeq?: number | null;
};

// FerretDB v1 keeps every statement's read of an `update` command open (each on its own PostgreSQL
// connection) until the whole command is done, and its pool has 50: a bulk write of 50 or more
// updates waits for itself forever and stops the whole server
// (internal/handler/msg_update.go, `defer closer.Close()` inside the loop over the statements).
const updatesPerWrite = 10;

const byReceipt = (left: Row, right: Row) =>
  left.createdAt.getTime() - right.createdAt.getTime() || left._id.toString().localeCompare(right._id.toString());

/**
 * Numbers the submissions a team received before submissions were numbered, once: per form and per
 * team in the order they arrived (time of receipt, then id), and sets the counters of its forms and the
 * team's counter from them. Run by whoever first needs the numbers (a submission, a list, the
 * dashboard) when the team has no counter or one of its forms has none; idempotent.
 *
 * Why it is safe to run twice at once, and while new submissions arrive: nothing is stored with a number
 * until the form's and the team's counters exist, and those are written last, each only where missing.
 * Until then the unnumbered set is fixed, so every run gives each submission the same number (its
 * position in that set) and writes it only where none is yet. Once a run has finished, newer submissions
 * can arrive and show up in a slower run's read, but they arrived later, so they sort after the old ones
 * and move none of their positions. A submission deleted during the numbering can leave a counter one
 * off; the numbering runs once per team, right after the upgrade.
 *
 * It reads all of the team's submissions (only their ids, forms and dates), one indexed equality; a
 * team with 100 000 old submissions takes a while, once.
 */
export function numberTeamSubmissions(teamId: number, now = new Date()): Promise<void> {
  // The first submissions of a new team arrive together: they wait for one numbering, not one each.
  const running = numberings.get(teamId);
  if (running) return running;
  const numbering = numberOnce(teamId, now).finally(() => numberings.delete(teamId));
  numberings.set(teamId, numbering);
  return numbering;
}

/** The numberings running in this process, by team. */
const numberings = new Map<number, Promise<void>>();

async function numberOnce(teamId: number, now: Date): Promise<void> {
  const [counter, forms, formCounters, rows] = await Promise.all([
    findTeamCounter(teamId),
    findFormRowsOfTeam(teamId) as Promise<(FormRow & LegacyFormCounters)[]>,
    findFormCountersOfTeam(teamId),
    SubmissionModel.find({ teamId }, { formId: 1, createdAt: 1, score: 1, seq: 1, teamSeq: 1 }).lean<Row[]>(),
  ]);
  rows.sort(byReceipt);
  // A team counter made since (by a form created with the old code during an upgrade) is left alone:
  // numbering into it would collide with the numbers it gave since.
  const isTeamNumbered = counter !== null;
  // Forms counted on the form itself (before the counters had a document of their own) keep the numbers
  // given then; the counters move over as they are.
  const formsToMove = forms.filter(
    (form) => !formCounters.has(form._id.toString()) && form.submissionSeq !== undefined,
  );
  const formsWithoutCounters = new Set(
    forms
      .filter((form) => !formCounters.has(form._id.toString()) && form.submissionSeq === undefined)
      .map((form) => form._id.toString()),
  );
  const existingFormIds = new Set(forms.map((form) => form._id.toString()));
  const rowsOfForm = new Map<string, Row[]>();
  const seqOf = new Map<Row, number>();
  for (const row of rows) {
    const ofForm = rowsOfForm.get(row.formId.toString()) ?? [];
    ofForm.push(row);
    rowsOfForm.set(row.formId.toString(), ofForm);
    seqOf.set(row, ofForm.length);
  }

  const updates: { filter: Record<string, unknown>; set: Record<string, number> }[] = [];
  rows.forEach((row, index) => {
    const filter: Record<string, unknown> = { _id: row._id };
    const set: Record<string, number> = {};
    if (!isTeamNumbered && row.teamSeq == null) {
      filter.teamSeq = trusted({ $exists: false });
      Object.assign(set, { teamSeq: index + 1, teamBlock: blockOf(index + 1) });
    }
    const formId = row.formId.toString();
    // A form deleted since has no counters to keep; its leftover rows are numbered all the same.
    const isFormNumbered = existingFormIds.has(formId) && !formsWithoutCounters.has(formId);
    const seq = seqOf.get(row) ?? 0;
    if (!isFormNumbered && row.seq == null) {
      filter.seq = trusted({ $exists: false });
      Object.assign(set, { seq, block: blockOf(seq) });
    }
    if (Object.keys(set).length > 0) updates.push({ filter, set });
  });
  for (let start = 0; start < updates.length; start += updatesPerWrite) {
    await SubmissionModel.bulkWrite(
      updates
        .slice(start, start + updatesPerWrite)
        .map(({ filter, set }) => ({ updateOne: { filter, update: { $set: set } } })),
      { ordered: false },
    );
  }

  await Promise.all(
    forms
      .filter((form) => formsWithoutCounters.has(form._id.toString()))
      .map(async (form) => {
        const formId = form._id.toString();
        const ofForm = rowsOfForm.get(formId) ?? [];
        await createFormCounter(formId, teamId, {
          count: ofForm.length,
          seq: ofForm.length,
          days: countPerDay(
            ofForm.map((row) => row.createdAt),
            now,
          ),
          referenceSeq: form.referenceSeq ?? (await findLegacyReferenceNumber(formId)),
          hasScores: ofForm.some((row) => row.score != null),
        });
      }),
  );
  await Promise.all(
    formsToMove.map(async (form) => {
      await createFormCounter(form._id, teamId, {
        count: form.submissionCount ?? 0,
        seq: form.submissionSeq ?? 0,
        deletedPerBlock: form.deletedPerBlock ?? {},
        days: form.submissionDays ?? {},
        referenceSeq: form.referenceSeq ?? 0,
        hasScores: form.hasScoredSubmissions === true,
      });
      await dropLegacyFormCounters(form._id.toString());
    }),
  );
  if (!isTeamNumbered) {
    await createTeamCounter({
      _id: teamId,
      seq: rows.length,
      count: rows.length,
      deletedPerBlock: {},
      days: countPerDay(
        rows.map((row) => row.createdAt),
        now,
      ),
    });
  }
}
