import { randomUUID } from 'node:crypto';
import type { FormDefinitionInput, SubmissionChartsResponse, SubmissionListResponse } from '@formwerk/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { issueStartToken } from './start-token';
import { SubmissionModel } from './submission.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

// Three scored questions; the bonus only shows to those who want it, and only then counts.
const definition: FormDefinitionInput = {
  title: 'Erdkunde-Quiz',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        {
          id: 'capital',
          type: 'singleChoice',
          label: 'Hauptstadt',
          choices: [
            { id: 'berlin', label: 'Berlin' },
            { id: 'bonn', label: 'Bonn' },
          ],
        },
        {
          id: 'rivers',
          type: 'multipleChoice',
          label: 'Flüsse',
          choices: [
            { id: 'rhine', label: 'Rhein' },
            { id: 'elbe', label: 'Elbe' },
            { id: 'alps', label: 'Alpen' },
          ],
        },
        { id: 'wantsBonus', type: 'yesNo', label: 'Bonusfrage?' },
        {
          id: 'bonus',
          type: 'dropdown',
          label: 'Höchster Berg',
          choices: [
            { id: 'zugspitze', label: 'Zugspitze' },
            { id: 'brocken', label: 'Brocken' },
          ],
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'wantsBonus', operator: 'equals', value: true }] },
        },
      ],
    },
  ],
};

const answerKey = {
  capital: { correctChoiceIds: ['berlin'], points: 1 },
  rivers: { correctChoiceIds: ['rhine', 'elbe'], points: 2 },
  bonus: { correctChoiceIds: ['zugspitze'], points: 5 },
};

let owner: TestAgent;
let addressCount = 0;
// Each submission from an address of its own: the per-IP limit is not what these tests are about.
const nextAddress = () => {
  addressCount += 1;
  return `10.7.${Math.floor(addressCount / 250)}.${addressCount % 250}`;
};

async function createPublishedForm(): Promise<string> {
  const created = await owner.post('/api/v1/forms').send({ title: definition.title }).expect(201);
  const formId: string = created.body.id;
  await owner.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);
  return formId;
}

async function saveTab(formId: string, tab: string, value: unknown) {
  const { version } = (await owner.get(`/api/v1/forms/${formId}/settings`).expect(200)).body;
  await owner.put(`/api/v1/forms/${formId}/settings/${tab}`).send({ version, value }).expect(200);
}

// A page served 5 s ago: a person had time to fill it in.
async function filledByAPerson(formId: string): Promise<string> {
  const { servedAt } = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
  return issueStartToken(formId, servedAt - 5000);
}

async function submit(formId: string, answers: object) {
  const startToken = await filledByAPerson(formId);
  return request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', nextAddress())
    .send({ answers, idempotencyKey: randomUUID(), startToken })
    .expect(201);
}

async function listSubmissions(formId: string, query: string): Promise<SubmissionListResponse> {
  return (await owner.get(`/api/v1/forms/${formId}/submissions?${query}`).expect(200)).body;
}

/** The year in the form's time zone (the scheduling tab's default), as references carry it. */
const currentYear = () => new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format();

beforeAll(async () => {
  owner = createTestAgent(app);
  await signUpAndSignIn(owner, { name: 'Olga', email: 'olga@example.com', password: 'correct horse battery' });
});

describe('a quiz', () => {
  let formId: string;
  beforeAll(async () => {
    formId = await createPublishedForm();
    await saveTab(formId, 'quiz', { isQuiz: true, answerKey });
  });

  it('scores the answers, stores the score and tells it in the receipt, without the right answers', async () => {
    const response = await submit(formId, {
      name: 'Ina',
      capital: 'berlin',
      rivers: ['elbe', 'rhine'],
      wantsBonus: false,
      // Hidden by its condition: neither kept nor counted, though it would be right.
      bonus: 'zugspitze',
    });
    expect(response.body.quiz).toEqual({ points: 3, maxPoints: 3 });
    const stored = await SubmissionModel.findById(response.body.submissionId).lean();
    expect(stored?.score).toEqual({ points: 3, maxPoints: 3 });
    expect(stored?.answers).not.toHaveProperty('bonus');
  });

  it('counts a multiple choice right only with exactly the right choices, and a shown bonus both ways', async () => {
    const response = await submit(formId, {
      name: 'Jan',
      capital: 'bonn',
      rivers: ['rhine', 'elbe', 'alps'],
      wantsBonus: true,
      bonus: 'zugspitze',
    });
    expect(response.body.quiz).toEqual({ points: 5, maxPoints: 8 });
  });

  it('names what was right and wrong when the quiz shows the right answers', async () => {
    await saveTab(formId, 'quiz', { isQuiz: true, answerKey, showCorrectAnswers: true });
    const response = await submit(formId, { name: 'Kai', capital: 'berlin', rivers: ['rhine'], wantsBonus: false });
    expect(response.body.quiz).toEqual({
      points: 1,
      maxPoints: 3,
      corrections: [
        { fieldId: 'capital', isCorrect: true, correctChoiceIds: ['berlin'] },
        { fieldId: 'rivers', isCorrect: false, correctChoiceIds: ['rhine', 'elbe'] },
      ],
    });
  });

  it('lists the score with each submission and sorts by it', async () => {
    const list = await listSubmissions(formId, 'sort=score&order=desc');
    expect(list.submissions.map((submission) => submission.score)).toEqual([
      { points: 5, maxPoints: 8 },
      { points: 3, maxPoints: 3 },
      { points: 1, maxPoints: 3 },
    ]);
    expect(list.submissions.every((submission) => submission.reference === null)).toBe(true);
  });

  it('charts how many submissions reached each number of points, from 0 to the most reachable', async () => {
    const charts: SubmissionChartsResponse = (await owner.get(`/api/v1/forms/${formId}/submissions/charts`).expect(200))
      .body;
    expect(charts.score).toMatchObject({ scored: 3, maxPoints: 8, min: 1, max: 5, mean: 3 });
    expect(charts.score?.bins.map((bin) => [bin.from, bin.count])).toEqual([
      [0, 0],
      [1, 1],
      [2, 0],
      [3, 1],
      [4, 0],
      [5, 1],
      [6, 0],
      [7, 0],
      [8, 0],
    ]);
    const filtered: SubmissionChartsResponse = (
      await owner.get(`/api/v1/forms/${formId}/submissions/charts?filter.name=Ina`).expect(200)
    ).body;
    expect(filtered.score).toMatchObject({ scored: 1, maxPoints: 3, mean: 3 });
  });

  it('exports the points and the points possible as numbers', async () => {
    const response = await owner.get(`/api/v1/forms/${formId}/submissions/export?format=csv&locale=en`).expect(200);
    const [header, first] = response.text.replace('\uFEFF', '').split('\r\n');
    expect(header).toBe('Submitted (UTC),Points,Points possible,Name,Hauptstadt,Flüsse,Bonusfrage?,Höchster Berg');
    expect(first).toMatch(/^[\d-]+ [\d:]+,3,3,Ina,Berlin,/);
  });

  it('keeps the score from the respondent when the quiz does not show it, but stores it', async () => {
    await saveTab(formId, 'quiz', { isQuiz: true, answerKey, showScore: false });
    const response = await submit(formId, { name: 'Uwe', capital: 'bonn', wantsBonus: false });
    expect(response.body.quiz).toBeNull();
    expect((await SubmissionModel.findById(response.body.submissionId).lean())?.score).toEqual({
      points: 0,
      maxPoints: 3,
    });
  });

  it('is scored no more once it is no quiz, and other forms chart no score', async () => {
    await saveTab(formId, 'quiz', { isQuiz: false, answerKey });
    const response = await submit(formId, { name: 'Lea', capital: 'berlin' });
    expect(response.body.quiz).toBeNull();
    expect((await SubmissionModel.findById(response.body.submissionId).lean())?.score).toBeNull();

    const other = await createPublishedForm();
    await submit(other, { name: 'Mo' });
    const charts: SubmissionChartsResponse = (await owner.get(`/api/v1/forms/${other}/submissions/charts`).expect(200))
      .body;
    expect(charts.score).toBeNull();
  });
});

describe('reference numbers', () => {
  let formId: string;
  beforeAll(async () => {
    formId = await createPublishedForm();
    await saveTab(formId, 'reference', { isEnabled: true, prefix: 'HR-', includeYear: true, padding: 5 });
  });

  it('gives 50 submissions sent at once the numbers 1 to 50, each once, with prefix and year', async () => {
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, index) => submit(formId, { name: `Person ${index + 1}` })),
    );
    const references = responses.map((response) => response.body.reference as string);
    const year = currentYear();
    expect(references.toSorted()).toEqual(
      Array.from({ length: 50 }, (_, index) => `HR-${year}-${String(index + 1).padStart(5, '0')}`),
    );
    const stored = await SubmissionModel.find({ formId }, { reference: 1 }).lean();
    expect(new Set(stored.map((submission) => submission.reference)).size).toBe(50);
  });

  it('finds a submission by its reference, whole or in part and in any case', async () => {
    const reference = `HR-${currentYear()}-00042`;
    const whole = await listSubmissions(formId, `reference=${reference}`);
    expect(whole.total).toBe(1);
    expect(whole.submissions[0]?.reference).toBe(reference);

    const part = await listSubmissions(formId, `reference=${reference.slice(-7).toLowerCase()}`);
    expect(part.submissions.map((submission) => submission.reference)).toEqual([reference]);
    expect((await listSubmissions(formId, 'reference=HR-1999')).total).toBe(0);
  });

  it('sorts by reference and exports it', async () => {
    const list = await listSubmissions(formId, 'sort=reference&order=asc&pageSize=2');
    expect(list.submissions.map((submission) => submission.reference?.slice(-5))).toEqual(['00001', '00002']);

    const response = await owner.get(`/api/v1/forms/${formId}/submissions/export?format=csv&locale=de`).expect(200);
    const lines = response.text.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toBe('Eingegangen (UTC);Referenznummer;Name;Hauptstadt;Flüsse;Bonusfrage?;Höchster Berg');
    expect(lines.filter((line) => line.includes(`;HR-${currentYear()}-`))).toHaveLength(50);

    // The table's reference search narrows the export as it narrows the list.
    const searched = await owner
      .get(`/api/v1/forms/${formId}/submissions/export?format=csv&locale=de&reference=00007`)
      .expect(200);
    const rows = searched.text.replace('\uFEFF', '').split('\r\n').slice(1).filter(Boolean);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(`HR-${currentYear()}-00007`);
  });

  it('goes on counting after a pause without the year, and stops when switched off', async () => {
    await saveTab(formId, 'reference', { isEnabled: true, prefix: 'HR-', includeYear: false, padding: 3 });
    expect((await submit(formId, { name: 'Nach der Pause' })).body.reference).toBe('HR-051');
    await saveTab(formId, 'reference', { isEnabled: false, prefix: 'HR-' });
    expect((await submit(formId, { name: 'Ohne Nummer' })).body.reference).toBeNull();
  });
});
