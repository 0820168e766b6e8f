import { randomUUID } from 'node:crypto';
import { plans } from '@formwerk/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpPerson, type TestPerson } from '../../test/accounts';
import { givePlan } from '../../test/billing';
import { useTestDatabase } from '../../test/test-database';
import { NotificationModel } from '../notifications/notification.model';
import { MonthlySubmissionCounterModel } from '../submissions/monthly-submission-counter.model';
import { issueStartToken } from '../submissions/start-token';
import { SubmissionModel } from '../submissions/submission.model';
import { addTeamMember } from '../teams/teams.service';
import { billingMonthOf } from './team-plan';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

type Person = TestPerson;

const signUp = (name: string) => signUpPerson(app, name);

const definition = {
  title: 'Anmeldung',
  language: 'de',
  pages: [{ id: 'p1', fields: [{ id: 'name', type: 'shortText', label: 'Name', required: true }] }],
};

async function createPublishedForm(person: Person): Promise<string> {
  const formId: string = (await person.agent.post('/api/v1/forms').send({ title: 'Anmeldung' }).expect(201)).body.id;
  await person.agent.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  await person.agent.post(`/api/v1/forms/${formId}/publish`).expect(200);
  return formId;
}

let addressCount = 0;
/** A respondent's submission, from an address of its own, of a page served long enough ago. */
const submit = (formId: string, idempotencyKey: string = randomUUID()) => {
  addressCount += 1;
  return request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', `203.0.113.${addressCount % 250}`)
    .send({ answers: { name: 'Rita' }, idempotencyKey, startToken: issueStartToken(formId, Date.now() - 5000) });
};

/** The month's counter of the team, as if `count` submissions had come before. */
const setMonthCount = (teamId: number, count: number) =>
  MonthlySubmissionCounterModel.updateOne(
    { _id: `${teamId}:${billingMonthOf(new Date())}` },
    { $set: { count } },
    { upsert: true },
  );
const monthCount = async (teamId: number) =>
  (await MonthlySubmissionCounterModel.findById(`${teamId}:${billingMonthOf(new Date())}`).lean())?.count;

let owner: Person;
beforeAll(async () => {
  owner = await signUp('Olga Owner');
});

describe('the forms a plan allows', () => {
  it('are made at most up to the limit, also when many are made at once; a deleted one makes room', async () => {
    const team = await signUp('Franz Forms');
    const allowed = plans.free.limits.forms ?? 0;
    const answers = await Promise.all(
      Array.from({ length: allowed + 5 }, (_, index) =>
        team.agent.post('/api/v1/forms').send({ title: `Formular ${index}` }),
      ),
    );
    const created = answers.filter((answer) => answer.status === 201);
    expect(created).toHaveLength(allowed);
    const refused = answers.find((answer) => answer.status === 402);
    expect(refused?.body.error).toEqual({
      code: 'PLAN_LIMIT_REACHED',
      message: expect.any(String),
      details: { limit: 'forms', planId: 'free', used: allowed, allowed },
    });
    expect(answers.filter((answer) => answer.status === 402)).toHaveLength(5);

    await team.agent.delete(`/api/v1/forms/${created[0]?.body.id}`).expect(204);
    const duplicated = await team.agent.post(`/api/v1/forms/${created[1]?.body.id}/duplicate`).expect(201);
    await team.agent.post(`/api/v1/forms/${duplicated.body.id}/duplicate`).expect(402);

    // A plan without a form limit takes them all.
    await givePlan(team.teamId, 'pro-month');
    await team.agent.post('/api/v1/forms').send({ title: 'Mehr' }).expect(201);
    expect((await team.agent.get('/api/v1/billing').expect(200)).body.usage.forms).toEqual({
      used: allowed + 1,
      allowed: null,
    });
  });
});

describe('the submissions a plan allows each month', () => {
  it('take exactly the places left when 200 respondents submit at once with 10 left', async () => {
    const team = await signUp('Sonja Submissions');
    const admin = await signUp('Anton Admin');
    const member = await signUp('Mira Member');
    await addTeamMember(team.teamId, admin.userId, 'admin');
    await addTeamMember(team.teamId, member.userId, 'member');
    const formId = await createPublishedForm(team);
    const allowed = plans.free.limits.submissionsPerMonth ?? 0;
    await setMonthCount(team.teamId, allowed - 10);

    const answers = await Promise.all(Array.from({ length: 200 }, () => submit(formId)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 402)).toHaveLength(190);
    expect(await SubmissionModel.countDocuments({ formId })).toBe(10);
    expect(await monthCount(team.teamId)).toBe(allowed);
    const refused = answers.find((answer) => answer.status === 402);
    expect(refused?.body.error).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      details: { limit: 'submissionsPerMonth', planId: 'free', used: allowed, allowed },
    });

    // The owners and admins hear of it once this month, not once per refused submission.
    await submit(formId).expect(402);
    const noticesOf = (person: Person) =>
      NotificationModel.find({ userId: person.userId, type: 'submissionLimitReached' }).lean();
    expect(await noticesOf(team)).toHaveLength(1);
    expect(await noticesOf(admin)).toHaveLength(1);
    expect(await noticesOf(member)).toHaveLength(0);
    expect((await noticesOf(team))[0]?.params).toMatchObject({ formTitle: 'Anmeldung', allowed: String(allowed) });

    // A larger plan takes more at once, within the same month's count.
    await givePlan(team.teamId, 'basic-month');
    await submit(formId).expect(201);
    expect(await monthCount(team.teamId)).toBe(allowed + 1);
  });

  it('give a place back when the submission is then not stored: the form is full, or a retry of a stored one', async () => {
    const team = await signUp('Greta Giveback');
    const formId = await createPublishedForm(team);
    const settings = (await team.agent.get(`/api/v1/forms/${formId}/settings`).expect(200)).body;
    await team.agent
      .put(`/api/v1/forms/${formId}/settings/scheduling`)
      .send({ version: settings.version, value: { ...settings.settings.scheduling, maxSubmissions: 1 } })
      .expect(200);

    const idempotencyKey = randomUUID();
    await submit(formId, idempotencyKey).expect(201);
    await submit(formId, idempotencyKey).expect(200);
    expect((await submit(formId).expect(403)).body.error.code).toBe('FORM_FULL');
    expect(await monthCount(team.teamId)).toBe(1);
  });

  it('are what a respondent of a team at its limit is refused with, whichever of its forms they answer', async () => {
    const team = await signUp('Rudi Respondent');
    const [first, second] = [await createPublishedForm(team), await createPublishedForm(team)];
    await setMonthCount(team.teamId, plans.free.limits.submissionsPerMonth ?? 0);
    for (const formId of [first, second]) {
      expect((await submit(formId).expect(402)).body.error.code).toBe('PLAN_LIMIT_REACHED');
    }
    // Another team's forms are not held back by it.
    await submit(await createPublishedForm(owner)).expect(201);
  });
});

describe('the seats a plan allows', () => {
  it('count members and pending invitations; inviting the same address again takes no second seat', async () => {
    const team = await signUp('Selma Seats');
    const invite = (email: string) =>
      team.agent.post('/api/v1/team/invitations').send({ email, role: 'member', locale: 'de' });
    await invite('one@example.com').expect(201);
    await invite('two@example.com').expect(201);
    const refused = await invite('three@example.com').expect(402);
    expect(refused.body.error.details).toEqual({ limit: 'seats', planId: 'free', used: 3, allowed: 3 });
    await invite('two@example.com').expect(201);
    expect((await team.agent.get('/api/v1/team').expect(200)).body.invitations).toHaveLength(2);

    await givePlan(team.teamId, 'basic-year');
    await invite('three@example.com').expect(201);
    expect((await team.agent.get('/api/v1/billing').expect(200)).body.usage.seats).toEqual({
      used: 4,
      allowed: plans.basic.limits.seats,
    });
  });
});

describe('custom domains', () => {
  it('are for the plans that have them', async () => {
    const team = await signUp('Dana Domain');
    const formId = await createPublishedForm(team);
    const refused = await team.agent.put(`/api/v1/forms/${formId}/domain`).send({ hostname: 'forms.example.com' });
    expect(refused.status).toBe(402);
    expect(refused.body.error.details).toEqual({ limit: 'customDomains', planId: 'free', used: 0, allowed: 0 });

    await givePlan(team.teamId, 'pro-month');
    await team.agent.put(`/api/v1/forms/${formId}/domain`).send({ hostname: 'forms.example.com' }).expect(200);
  });
});

describe('storage', () => {
  it('is the plan’s', async () => {
    const team = await signUp('Stine Storage');
    const limitOf = async () => (await team.agent.get('/api/v1/documents').expect(200)).body.storage.limitBytes;
    expect(await limitOf()).toBe(plans.free.limits.storageBytes);
    await givePlan(team.teamId, 'business-month');
    expect(await limitOf()).toBe(plans.business.limits.storageBytes);
  });
});
