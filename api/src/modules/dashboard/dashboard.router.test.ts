import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { storeUnnumberedSubmissions } from '../submissions/submission-test-helpers';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const dayMs = 86_400_000;
const now = new Date();
const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
/** Noon (UTC) `days` days ago. */
const daysAgo = (days: number) => new Date(todayStart - days * dayMs + dayMs / 2);
const dateOf = (days: number) => daysAgo(days).toISOString().slice(0, 10);

async function signedIn(email: string): Promise<{ agent: TestAgent; teamId: number }> {
  const agent = createTestAgent(app);
  const signUp = await signUpAndSignIn(agent, { name: email, email, password: 'correct horse battery' });
  return { agent, teamId: signUp.body.teamId };
}

async function createForm(agent: TestAgent, title: string): Promise<string> {
  return (await agent.post('/api/v1/forms').send({ title }).expect(201)).body.id;
}

let sequence = 0;
// Stored as before submissions were numbered, with the times the cases need: the dashboard's first
// look numbers them and counts their days.
async function insertSubmissions(formId: string, teamId: number, createdAt: Date[]) {
  await storeUnnumberedSubmissions(
    teamId,
    createdAt.map((date) => ({ formId, idempotencyKey: `key-${sequence++}`, answers: {}, createdAt: date })),
  );
}

let alice: TestAgent;
let bob: TestAgent;
let carol: TestAgent;
let seventh: string;

beforeAll(async () => {
  const aliceSession = await signedIn('alice@example.com');
  alice = aliceSession.agent;
  const bobSession = await signedIn('bob@example.com');
  bob = bobSession.agent;
  carol = (await signedIn('carol@example.com')).agent;

  // Eight forms, one after another so that each was updated after the one before.
  const first = await createForm(alice, 'Eins');
  const second = await createForm(alice, 'Zwei');
  for (const title of ['Drei', 'Vier', 'Fünf', 'Sechs']) await createForm(alice, title);
  seventh = await createForm(alice, 'Sieben');
  const eighth = await createForm(alice, 'Acht');
  await alice.post(`/api/v1/forms/${seventh}/publish`).expect(200);
  await alice.post(`/api/v1/forms/${eighth}/archive`).expect(200);
  await insertSubmissions(seventh, aliceSession.teamId, [now, now, daysAgo(1), daysAgo(6), daysAgo(7)]);
  // The oldest form's submissions count for the team, though the form is not among the recent ones.
  await insertSubmissions(first, aliceSession.teamId, [daysAgo(3)]);
  await insertSubmissions(second, aliceSession.teamId, [daysAgo(30)]);

  const bobForm = await createForm(bob, 'Fremd');
  await insertSubmissions(bobForm, bobSession.teamId, [now, daysAgo(2)]);
});

describe('the dashboard', () => {
  it('counts the submissions of the last seven UTC days, one entry per day with empty days as 0', async () => {
    const { body } = await alice.get('/api/v1/dashboard').expect(200);
    expect(body.submissionsByDay).toEqual([
      { date: dateOf(6), count: 1 },
      { date: dateOf(5), count: 0 },
      { date: dateOf(4), count: 0 },
      { date: dateOf(3), count: 1 },
      { date: dateOf(2), count: 0 },
      { date: dateOf(1), count: 1 },
      { date: dateOf(0), count: 2 },
    ]);
    expect(body.submissionsLast7Days).toBe(5);
  });

  it('lists the six most recently updated forms that are not archived, with their submissions', async () => {
    const { body } = await alice.get('/api/v1/dashboard').expect(200);
    expect(body.recentForms.map((form: { title: string }) => form.title)).toEqual([
      'Sieben',
      'Sechs',
      'Fünf',
      'Vier',
      'Drei',
      'Zwei',
    ]);
    expect(body.recentForms[0]).toEqual({
      id: seventh,
      title: 'Sieben',
      status: 'published',
      updatedAt: expect.any(String),
      submissionsLast7Days: 4,
      submissionsTotal: 5,
    });
    expect(body.recentForms[5]).toMatchObject({ title: 'Zwei', submissionsLast7Days: 0, submissionsTotal: 1 });
    expect(body.formCounts).toEqual({ total: 7, published: 1, draft: 6, archived: 1 });
  });

  it("counts nothing of another team's forms and submissions", async () => {
    const { body } = await bob.get('/api/v1/dashboard').expect(200);
    expect(body.submissionsLast7Days).toBe(2);
    expect(body.recentForms).toEqual([
      expect.objectContaining({ title: 'Fremd', submissionsLast7Days: 2, submissionsTotal: 2 }),
    ]);
    expect(body.formCounts).toEqual({ total: 1, published: 0, draft: 1, archived: 0 });
  });

  it('for a new team, answers zeros and seven empty days', async () => {
    const { body } = await carol.get('/api/v1/dashboard').expect(200);
    expect(body).toEqual({
      recentForms: [],
      submissionsLast7Days: 0,
      submissionsByDay: [6, 5, 4, 3, 2, 1, 0].map((days) => ({ date: dateOf(days), count: 0 })),
      formCounts: { total: 0, published: 0, draft: 0, archived: 0 },
    });
  });

  it('without a session, answers 401', async () => {
    await request(app).get('/api/v1/dashboard').expect(401);
  });
});
