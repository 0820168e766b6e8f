import type { FieldChart, FormDefinitionInput, SubmissionChartsResponse } from '@formwerk/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { FormCounterModel } from '../forms/form-counter.model';
import { SubmissionModel } from './submission.model';
import { findSubmissionCharts } from './submission-charts';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const definition: FormDefinitionInput = {
  title: 'Feedback',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'intro', type: 'heading', label: 'Willkommen' },
        { id: 'name', type: 'shortText', label: 'Name' },
        {
          id: 'size',
          type: 'singleChoice',
          label: 'Größe',
          choices: [
            { id: 's', label: 'Klein' },
            { id: 'm', label: 'Mittel' },
            { id: 'l', label: 'Groß' },
          ],
        },
        {
          id: 'extras',
          type: 'multipleChoice',
          label: 'Extras',
          choices: [
            { id: 'milk', label: 'Milch' },
            { id: 'sugar', label: 'Zucker' },
          ],
        },
        { id: 'again', type: 'yesNo', label: 'Wieder?' },
        { id: 'terms', type: 'consent', label: 'AGB', text: 'Ich stimme zu' },
      ],
    },
    {
      id: 'p2',
      fields: [
        { id: 'stars', type: 'rating', label: 'Sterne', max: 5 },
        { id: 'count', type: 'number', label: 'Anzahl', decimals: 0 },
        { id: 'price', type: 'number', label: 'Preis', decimals: 2 },
      ],
    },
  ],
};

// Five submissions on 1, 2 and 4 November 2026 (UTC), none on the 3rd.
const rows = [
  {
    day: 1,
    answers: {
      name: 'Anna',
      size: 's',
      extras: ['milk', 'sugar'],
      again: true,
      terms: true,
      stars: 5,
      count: 1,
      price: 0.5,
    },
  },
  { day: 1, answers: { name: 'Bert', size: 's', extras: ['milk'], again: false, stars: 4, count: 2, price: 10 } },
  { day: 2, answers: { size: 'l', again: true, terms: true, stars: 5, count: 3, price: 2.25 } },
  { day: 4, answers: { name: 'Dora', extras: [], count: 5, price: 4 } },
  { day: 4, answers: { name: 'Emil', size: 's', again: true, stars: 1, count: 5, price: 7.5 } },
];

let owner: TestAgent;
let outsider: TestAgent;
let formId: string;
let teamId: number;

beforeAll(async () => {
  owner = createTestAgent(app);
  const signUp = await signUpAndSignIn(owner, {
    name: 'Olga',
    email: 'olga@example.com',
    password: 'correct horse battery',
  });
  outsider = createTestAgent(app);
  await signUpAndSignIn(outsider, { name: 'Otto', email: 'otto@example.com', password: 'correct horse battery' });
  formId = (await owner.post('/api/v1/forms').send({ title: 'Feedback' })).body.id;
  await owner.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);
  // A field added after publishing is not what respondents answered, so it gets no chart yet.
  const [firstPage, secondPage] = definition.pages;
  const draft = {
    ...definition,
    pages: [
      firstPage,
      { ...secondPage, fields: [...(secondPage?.fields ?? []), { id: 'late', type: 'longText', label: 'Später' }] },
    ],
  };
  await owner.put(`/api/v1/forms/${formId}`).send({ version: 2, definition: draft }).expect(200);
  await SubmissionModel.insertMany(
    rows.map((row, index) => ({
      formId,
      teamId: signUp.body.teamId,
      formVersion: 2,
      idempotencyKey: `key-${index}`,
      answers: row.answers,
      createdAt: new Date(Date.UTC(2026, 10, row.day, 23, 30)),
    })),
  );
  // As the api counts what it stores.
  await FormCounterModel.updateOne({ _id: formId }, { $set: { count: rows.length, seq: rows.length } });
  teamId = signUp.body.teamId;
});

async function fetchCharts(query: Record<string, string> = {}): Promise<SubmissionChartsResponse> {
  return (await owner.get(`/api/v1/forms/${formId}/submissions/charts`).query(query).expect(200)).body;
}

function chartOf(charts: SubmissionChartsResponse, fieldId: string): FieldChart | undefined {
  return charts.fields.find((field) => field.fieldId === fieldId);
}

describe('the charts of a form’s submissions', () => {
  it('charts each answerable field of the published form, in its order', async () => {
    const charts = await fetchCharts();
    expect(charts.total).toBe(5);
    expect(charts.scan).toEqual({ isIncomplete: false, scanned: 5, toScan: 5 });
    expect(charts.fields.map((field) => [field.fieldId, field.kind])).toEqual([
      ['name', 'answered'],
      ['size', 'choices'],
      ['extras', 'choices'],
      ['again', 'choices'],
      ['terms', 'choices'],
      ['stars', 'scale'],
      ['count', 'histogram'],
      ['price', 'histogram'],
    ]);
    expect(chartOf(charts, 'name')).toMatchObject({ label: 'Name', fieldType: 'shortText', answered: 4 });
  });

  it('counts every option of a choice, those nobody picked included', async () => {
    const charts = await fetchCharts();
    expect(chartOf(charts, 'size')).toMatchObject({
      answered: 4,
      options: [
        { id: 's', label: 'Klein', count: 3 },
        { id: 'm', label: 'Mittel', count: 0 },
        { id: 'l', label: 'Groß', count: 1 },
      ],
    });
    expect(chartOf(charts, 'extras')).toMatchObject({
      answered: 2,
      options: [
        { id: 'milk', count: 2 },
        { id: 'sugar', count: 1 },
      ],
    });
    expect(chartOf(charts, 'again')).toMatchObject({
      answered: 4,
      options: [
        { id: 'yes', label: null, count: 3 },
        { id: 'no', label: null, count: 1 },
      ],
    });
    expect(chartOf(charts, 'terms')).toMatchObject({
      answered: 2,
      options: [
        { id: 'yes', count: 2 },
        { id: 'no', count: 3 },
      ],
    });
  });

  it('counts each value of a rating, from 1 to its maximum', async () => {
    expect(chartOf(await fetchCharts(), 'stars')).toMatchObject({
      answered: 4,
      values: [
        { value: 1, count: 1 },
        { value: 2, count: 0 },
        { value: 3, count: 0 },
        { value: 4, count: 1 },
        { value: 5, count: 2 },
      ],
    });
  });

  it('bins numbers: one bar per whole number over a short range, otherwise equal bins', async () => {
    const charts = await fetchCharts();
    expect(chartOf(charts, 'count')).toMatchObject({
      answered: 5,
      min: 1,
      max: 5,
      mean: 16 / 5,
      bins: [
        { from: 1, to: 2, count: 1 },
        { from: 2, to: 3, count: 1 },
        { from: 3, to: 4, count: 1 },
        { from: 4, to: 5, count: 0 },
        { from: 5, to: 6, count: 2 },
      ],
    });
    const price = chartOf(charts, 'price');
    if (price?.kind !== 'histogram') throw new Error('price is no histogram');
    expect([price.min, price.max]).toEqual([0.5, 10]);
    // Five answers make five bins of 1.9 from 0.5 to 10; the largest lands in the last one.
    expect(price.bins.map((bin) => bin.count)).toEqual([2, 1, 0, 1, 1]);
    expect(price.bins[0]?.from).toBe(0.5);
    expect(price.bins.at(-1)?.to).toBe(10);
  });

  it('counts submissions per UTC day from the first to the last, quiet days included', async () => {
    expect((await fetchCharts()).timeline).toEqual({
      days: [
        { day: '2026-11-01', count: 2 },
        { day: '2026-11-02', count: 1 },
        { day: '2026-11-03', count: 0 },
        { day: '2026-11-04', count: 2 },
      ],
      isTruncated: false,
    });
  });

  it('honours the column filters of the table', async () => {
    const charts = await fetchCharts({ 'filter.size': 's' });
    expect(charts.total).toBe(3);
    expect(chartOf(charts, 'size')).toMatchObject({ options: [{ count: 3 }, { count: 0 }, { count: 0 }] });
    expect(charts.timeline.days.map((day) => day.count)).toEqual([2, 0, 0, 1]);
  });

  it('stops counting at its time budget and says how far it got', async () => {
    const stopped = await findSubmissionCharts({ teamId }, formId, {}, { budgetMs: 0 });
    expect(stopped.scan).toEqual({ isIncomplete: true, scanned: 0, toScan: 5 });
    expect(stopped.total).toBe(0);
    expect(chartOf(stopped, 'count')).toMatchObject({ answered: 0, bins: [] });
  });

  it('when there are no submissions, charts every option at 0 and an empty timeline', async () => {
    const empty = (await owner.post('/api/v1/forms').send({ title: 'Leer' })).body.id;
    await owner.put(`/api/v1/forms/${empty}`).send({ version: 1, definition }).expect(200);
    const charts: SubmissionChartsResponse = (await owner.get(`/api/v1/forms/${empty}/submissions/charts`).expect(200))
      .body;
    expect(charts.total).toBe(0);
    expect(chartOf(charts, 'count')).toMatchObject({ answered: 0, min: null, max: null, mean: null, bins: [] });
    expect(chartOf(charts, 'terms')).toMatchObject({ options: [{ count: 0 }, { count: 0 }] });
    expect(charts.timeline).toEqual({ days: [], isTruncated: false });
  });

  it('shows the latest 366 days when the submissions span more', async () => {
    const long = (await owner.post('/api/v1/forms').send({ title: 'Lang' })).body.id;
    const teamId = (await SubmissionModel.findOne({ formId }).lean())?.teamId;
    await SubmissionModel.insertMany(
      [Date.UTC(2024, 0, 1, 12), Date.UTC(2026, 0, 1, 12)].map((time, index) => ({
        formId: long,
        teamId,
        formVersion: 1,
        idempotencyKey: `long-${index}`,
        answers: {},
        createdAt: new Date(time),
      })),
    );
    const { timeline }: SubmissionChartsResponse = (
      await owner.get(`/api/v1/forms/${long}/submissions/charts`).expect(200)
    ).body;
    expect(timeline.isTruncated).toBe(true);
    expect(timeline.days).toHaveLength(366);
    expect(timeline.days[0]).toEqual({ day: '2025-01-01', count: 0 });
    expect(timeline.days.at(-1)).toEqual({ day: '2026-01-01', count: 1 });
  });

  it('shows nothing to another team and asks a guest to sign in', async () => {
    await outsider.get(`/api/v1/forms/${formId}/submissions/charts`).expect(404);
    await request(app).get(`/api/v1/forms/${formId}/submissions/charts`).expect(401);
  });
});
