import { randomUUID } from 'node:crypto';
import {
  type FormDefinitionInput,
  type SubmissionListResponse,
  submissionListQuerySchema,
  type TeamSubmissionListResponse,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { FormModel } from '../forms/form.model';
import { FormCounterModel } from '../forms/form-counter.model';
import { issueStartToken } from './start-token';
import { SubmissionModel } from './submission.model';
import { numberTeamSubmissions } from './submission-backfill';
import { forgetSubmissionNumbering, storeUnnumberedSubmissions } from './submission-test-helpers';
import { listSubmissions } from './submissions.service';
import { TeamSubmissionCounterModel } from './team-submission-counter.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const definition: FormDefinitionInput = {
  title: 'Anmeldung',
  language: 'de',
  pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }] }],
};

let addressCount = 0;
// Each submission from an address of its own: the per-IP limit is not what these tests are about.
const nextAddress = () => {
  addressCount += 1;
  return `10.9.${Math.floor(addressCount / 250)}.${addressCount % 250}`;
};

async function signUp(email: string): Promise<{ agent: TestAgent; teamId: number }> {
  const agent = createTestAgent(app);
  const response = await signUpAndSignIn(agent, { name: email, email, password: 'correct horse battery' });
  return { agent, teamId: response.body.teamId };
}

async function createPublishedForm(agent: TestAgent, title = 'Anmeldung'): Promise<string> {
  const formId: string = (await agent.post('/api/v1/forms').send({ title }).expect(201)).body.id;
  await agent
    .put(`/api/v1/forms/${formId}`)
    .send({ version: 1, definition: { ...definition, title } })
    .expect(200);
  await agent.post(`/api/v1/forms/${formId}/publish`).expect(200);
  return formId;
}

async function submit(formId: string, name: string) {
  const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
  return request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', nextAddress())
    .send({ answers: { name }, idempotencyKey: randomUUID(), startToken: issueStartToken(formId, servedAt - 5000) });
}

/** Every page of a list, one after another, with the totals each page told. */
async function readAllPages<T extends SubmissionListResponse>(agent: TestAgent, path: string, pageSize: number) {
  const pages: T[] = [];
  for (let page = 1; ; page += 1) {
    const body: T = (await agent.get(path).query({ page, pageSize }).expect(200)).body;
    pages.push(body);
    if (body.submissions.length < pageSize) return pages;
  }
}

const idsOf = (pages: SubmissionListResponse[]) => pages.flatMap((page) => page.submissions.map((row) => row.id));

async function storedNumbers(formId: string) {
  const rows = await SubmissionModel.find({ formId }, { seq: 1, teamSeq: 1 }).lean();
  return new Map(rows.map((row) => [row._id.toString(), { seq: row.seq, teamSeq: row.teamSeq }]));
}

const sum = (values: Record<string, number> | undefined) =>
  Object.values(values ?? {}).reduce((total, value) => total + value, 0);

describe('the counters of submissions', () => {
  it('stay exact after 200 concurrent public submissions and 50 deletions, and every page holds each remaining submission once, newest first', {
    timeout: 180_000,
  }, async () => {
    const { agent, teamId } = await signUp('zaehler@example.com');
    const formId = await createPublishedForm(agent);
    const otherFormId = await createPublishedForm(agent, 'Andere');
    for (const name of ['Eins', 'Zwei', 'Drei']) expect((await submit(otherFormId, name)).status).toBe(201);

    const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        request(app)
          .post(`/api/v1/public/forms/${formId}/submissions`)
          .set('X-Forwarded-For', nextAddress())
          .send({
            answers: { name: `Person ${index}` },
            idempotencyKey: randomUUID(),
            startToken: issueStartToken(formId, servedAt - 5000),
          }),
      ),
    );
    expect(responses.map((response) => response.status).filter((status) => status !== 201)).toEqual([]);

    // Every fourth, deleted by two people at once whose choices overlap by ten: 50 go, once each.
    const all = idsOf(await readAllPages(agent, `/api/v1/forms/${formId}/submissions`, 200));
    const doomed = all.filter((_, index) => index % 4 === 1);
    expect(doomed).toHaveLength(50);
    const deletions = await Promise.all([
      agent.post(`/api/v1/forms/${formId}/submissions/delete`).send({ ids: doomed.slice(0, 30) }),
      agent.post(`/api/v1/forms/${formId}/submissions/delete`).send({ ids: doomed.slice(20) }),
    ]);
    expect(deletions.reduce((total, response) => total + response.body.deleted, 0)).toBe(50);

    const remaining = await storedNumbers(formId);
    expect(remaining.size).toBe(150);
    const counter = await FormCounterModel.findById(formId).lean();
    expect(counter).toMatchObject({ count: 150, seq: 200 });
    expect(sum(counter?.deletedPerBlock as Record<string, number>)).toBe(50);
    const today = new Date().toISOString().slice(0, 10);
    expect(counter?.days).toEqual({ [today]: 150 });
    const teamCounter = await TeamSubmissionCounterModel.findById(teamId).lean();
    expect(teamCounter).toMatchObject({ seq: 203, count: 153, days: { [today]: 153 } });

    const pages = await readAllPages(agent, `/api/v1/forms/${formId}/submissions`, 7);
    expect(pages.every((page) => page.total === 150)).toBe(true);
    const listed = idsOf(pages);
    expect(listed).toHaveLength(150);
    expect(new Set(listed)).toEqual(new Set(remaining.keys()));
    const seqs = listed.map((id) => remaining.get(id)?.seq ?? 0);
    expect(seqs).toEqual(seqs.toSorted((a, b) => b - a));

    const teamPages = await readAllPages<TeamSubmissionListResponse>(agent, '/api/v1/submissions', 9);
    expect(teamPages.every((page) => page.total === 153)).toBe(true);
    const teamListed = idsOf(teamPages);
    expect(teamListed).toHaveLength(153);
    expect(new Set(teamListed).size).toBe(153);
    const teamSeqs = (await SubmissionModel.find({ teamId }, { teamSeq: 1 }).lean()).map((row) => [
      row._id.toString(),
      row.teamSeq ?? 0,
    ]);
    const teamSeqOf = new Map(teamSeqs as [string, number][]);
    const listedTeamSeqs = teamListed.map((id) => teamSeqOf.get(id) ?? 0);
    expect(listedTeamSeqs).toEqual(listedTeamSeqs.toSorted((a, b) => b - a));

    const dashboard = (await agent.get('/api/v1/dashboard').expect(200)).body;
    expect(dashboard.submissionsLast7Days).toBe(153);
    expect(dashboard.submissionsByDay.at(-1)).toEqual({ date: today, count: 153 });
    expect(dashboard.recentForms.find((recent: { id: string }) => recent.id === formId)).toMatchObject({
      submissionsLast7Days: 150,
      submissionsTotal: 150,
    });
  });

  describe('a page of a form with holes', () => {
    let agent: TestAgent;
    let teamId: number;
    let formId: string;
    /** The numbers (1 to 250, in order of receipt) still stored, newest first. */
    let kept: number[];

    beforeAll(async () => {
      ({ agent, teamId } = await signUp('loecher@example.com'));
      formId = await createPublishedForm(agent);
      const start = Date.UTC(2026, 0, 1);
      await storeUnnumberedSubmissions(
        teamId,
        Array.from({ length: 250 }, (_, index) => ({
          formId,
          idempotencyKey: `hole-${index}`,
          answers: { name: `#${index + 1}` },
          createdAt: new Date(start + index * 60_000),
        })),
      );
      // All of the second block, and a few elsewhere.
      const gone = new Set([5, 50, 100, 201, 250, ...Array.from({ length: 100 }, (_, index) => 101 + index)]);
      const stored = await SubmissionModel.find({ formId }, { answers: 1 }).lean();
      const ids = stored.filter((row) => gone.has(Number(String(row.answers.name).slice(1)))).map((row) => row._id);
      await agent
        .post(`/api/v1/forms/${formId}/submissions/delete`)
        .send({ ids: ids.map(String) })
        .expect(200, { deleted: 105 });
      kept = Array.from({ length: 250 }, (_, index) => 250 - index).filter((number) => !gone.has(number));
    });

    const numbersOf = (body: SubmissionListResponse) =>
      body.submissions.map((row) => Number(String(row.answers.name).slice(1)));
    const page = async (query: Record<string, string | number>) =>
      (
        await agent
          .get(`/api/v1/forms/${formId}/submissions`)
          .query({ pageSize: 30, ...query })
          .expect(200)
      ).body;

    it('shows the first, a middle and the last page newest first, over the emptied block', async () => {
      const first = await page({ page: 1 });
      expect(first.total).toBe(145);
      expect(numbersOf(first)).toEqual(kept.slice(0, 30));
      // Page 2 reaches from the third block over the emptied second into the first.
      expect(numbersOf(await page({ page: 2 }))).toEqual(kept.slice(30, 60));
      expect(numbersOf(await page({ page: 3 }))).toEqual(kept.slice(60, 90));
      const last = await page({ page: 5 });
      expect(numbersOf(last)).toEqual(kept.slice(120));
      expect(numbersOf(last).at(-1)).toBe(1);
    });

    it('shows them oldest first', async () => {
      const oldest = kept.toReversed();
      expect(numbersOf(await page({ page: 1, order: 'asc' }))).toEqual(oldest.slice(0, 30));
      expect(numbersOf(await page({ page: 4, order: 'asc' }))).toEqual(oldest.slice(90, 120));
    });

    it('beyond the end, shows nothing with the right total', async () => {
      const beyond = await page({ page: 6 });
      expect(beyond).toMatchObject({ submissions: [], total: 145, page: 6 });
    });

    it('when a filter makes it read them one by one, says that it read all', async () => {
      const filtered = await page({ 'filter.name': '#24' });
      expect(numbersOf(filtered)).toEqual([249, 248, 247, 246, 245, 244, 243, 242, 241, 240, 24]);
      expect(filtered.scan).toEqual({ isIncomplete: false, scanned: 145, toScan: 145 });
    });

    it('when the time for reading runs out, answers what it found and says how far it got', async () => {
      const query = submissionListQuerySchema.parse({ formId, filter: { name: '#' } });
      const stopped = await listSubmissions({ teamId }, { ...query, formId }, { scanBudgetMs: 0 });
      expect(stopped.scan).toEqual({ isIncomplete: true, scanned: 0, toScan: 145 });
      expect(stopped.total).toBe(0);
    });
  });

  describe('the numbering of submissions stored before it', () => {
    let agent: TestAgent;
    let teamId: number;
    let first: string;
    let second: string;

    beforeAll(async () => {
      ({ agent, teamId } = await signUp('vorher@example.com'));
      first = await createPublishedForm(agent, 'Erste');
      second = await createPublishedForm(agent, 'Zweite');
      const at = (second: number) => new Date(Date.now() - (10 - second) * 1000);
      await storeUnnumberedSubmissions(teamId, [
        { formId: first, idempotencyKey: 'b-3', answers: { name: 'c' }, createdAt: at(3) },
        { formId: second, idempotencyKey: 'b-1', answers: { name: 'a' }, createdAt: at(1) },
        { formId: first, idempotencyKey: 'b-2', answers: { name: 'b' }, createdAt: at(2) },
        { formId: first, idempotencyKey: 'b-4', answers: { name: 'd' }, createdAt: at(4) },
      ]);
    });

    const numbersByName = async () =>
      Object.fromEntries(
        (await SubmissionModel.find({ teamId }, { answers: 1, seq: 1, block: 1, teamSeq: 1, teamBlock: 1 }).lean()).map(
          (row) => [String(row.answers.name), [row.seq, row.teamSeq]],
        ),
      );

    it('numbers them per form and per team in the order they arrived, with the counters, on the first look', async () => {
      const list = (await agent.get(`/api/v1/forms/${first}/submissions`).expect(200)).body;
      expect(list.submissions.map((row: { answers: { name: string } }) => row.answers.name)).toEqual(['d', 'c', 'b']);
      expect(list.total).toBe(3);
      expect(await numbersByName()).toEqual({ a: [1, 1], b: [1, 2], c: [2, 3], d: [3, 4] });
      const today = new Date().toISOString().slice(0, 10);
      expect(await FormCounterModel.findById(first).lean()).toMatchObject({
        teamId,
        count: 3,
        seq: 3,
        deletedPerBlock: {},
        days: { [today]: 3 },
      });
      expect(await TeamSubmissionCounterModel.findById(teamId).lean()).toMatchObject({ seq: 4, count: 4 });
    });

    it('gives a new submission the next numbers', async () => {
      const response = await submit(second, 'e');
      expect(response.status).toBe(201);
      expect(await SubmissionModel.findById(response.body.submissionId).lean()).toMatchObject({
        seq: 2,
        block: 0,
        teamSeq: 5,
        teamBlock: 0,
      });
    });

    it('numbers alike when run again, and when several run at once', async () => {
      const before = await numbersByName();
      await numberTeamSubmissions(teamId);
      expect(await numbersByName()).toEqual(before);

      await forgetSubmissionNumbering(teamId);
      await Promise.all([numberTeamSubmissions(teamId), numberTeamSubmissions(teamId), numberTeamSubmissions(teamId)]);
      expect(await numbersByName()).toEqual(before);
      expect(await TeamSubmissionCounterModel.findById(teamId).lean()).toMatchObject({ seq: 5, count: 5 });
      expect(await FormCounterModel.findById(second).lean()).toMatchObject({ count: 2, seq: 2 });
    });

    it('moves counters kept on the form itself (before they had a document of their own) as they are', async () => {
      const counter = await FormCounterModel.findById(first).lean();
      await FormCounterModel.deleteOne({ _id: first });
      // As the api stored them then: one of four numbers deleted, a reference given, a score stored.
      const legacy = {
        submissionCount: 3,
        submissionSeq: 4,
        deletedPerBlock: { '0': 1 },
        submissionDays: counter?.days,
        referenceSeq: 7,
        hasScoredSubmissions: true,
      };
      await FormModel.collection.updateOne({ _id: new Types.ObjectId(first) }, { $set: legacy });

      const list = (await agent.get(`/api/v1/forms/${first}/submissions`).expect(200)).body;
      expect(list.total).toBe(3);
      expect(await FormCounterModel.findById(first).lean()).toMatchObject({
        teamId,
        count: 3,
        seq: 4,
        deletedPerBlock: { '0': 1 },
        days: counter?.days,
        referenceSeq: 7,
        hasScores: true,
      });
      const form = await FormModel.collection.findOne({ _id: new Types.ObjectId(first) });
      expect(Object.keys(form ?? {})).not.toContain('submissionSeq');
      expect(Object.keys(form ?? {})).not.toContain('hasScoredSubmissions');
      const next = await submit(first, 'f');
      expect(await SubmissionModel.findById(next.body.submissionId).lean()).toMatchObject({ seq: 5 });
    });
  });
});
