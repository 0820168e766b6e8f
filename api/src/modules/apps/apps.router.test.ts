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

let owner: TestAgent;
let outsider: TestAgent;
let teamId: number;
let vacationId: string;
let expensesId: string;
let foreignFormId: string;

async function signedIn(email: string) {
  const agent = createTestAgent(app);
  const signUp = await signUpAndSignIn(agent, { name: email, email, password: 'correct horse battery' });
  return { agent, teamId: signUp.body.teamId as number };
}

beforeAll(async () => {
  ({ agent: owner, teamId } = await signedIn('hanna@example.com'));
  ({ agent: outsider } = await signedIn('otto@example.com'));
  vacationId = (await owner.post('/api/v1/forms').send({ title: 'Urlaub' }).expect(201)).body.id;
  expensesId = (await owner.post('/api/v1/forms').send({ title: 'Spesen' }).expect(201)).body.id;
  foreignFormId = (await outsider.post('/api/v1/forms').send({ title: 'Fremd' }).expect(201)).body.id;
});

describe('apps', () => {
  it('bundles forms of the team under a name and icon, renamed, reordered and deleted without their forms', async () => {
    const created = await owner
      .post('/api/v1/apps')
      .send({ name: 'Personal', icon: 'briefcase', color: 'blue', formIds: [vacationId, expensesId] })
      .expect(201);
    expect(created.body.forms.map((form: { title: string }) => form.title)).toEqual(['Urlaub', 'Spesen']);
    const appId = created.body.id;

    const changed = await owner
      .patch(`/api/v1/apps/${appId}`)
      .send({ name: 'HR', formIds: [expensesId, vacationId] })
      .expect(200);
    expect(changed.body).toMatchObject({ name: 'HR', icon: 'briefcase' });
    expect(changed.body.forms.map((form: { title: string }) => form.title)).toEqual(['Spesen', 'Urlaub']);
    expect((await owner.get('/api/v1/apps').expect(200)).body.apps.map((one: { id: string }) => one.id)).toContain(
      appId,
    );

    await owner.delete(`/api/v1/apps/${appId}`).expect(204);
    await owner.get(`/api/v1/apps/${appId}`).expect(404);
    await owner.get(`/api/v1/forms/${vacationId}`).expect(200);
  });

  it('refuses another team’s form with 404, and shows nothing of an app to another team', async () => {
    await owner
      .post('/api/v1/apps')
      .send({ name: 'Mix', icon: 'users', color: 'green', formIds: [vacationId, foreignFormId] })
      .expect(404);
    const appId = (
      await owner.post('/api/v1/apps').send({ name: 'Eigen', icon: 'users', color: 'green', formIds: [vacationId] })
    ).body.id;
    await outsider.get(`/api/v1/apps/${appId}`).expect(404);
    await outsider.patch(`/api/v1/apps/${appId}`).send({ name: 'Meins' }).expect(404);
    await outsider.delete(`/api/v1/apps/${appId}`).expect(404);
    await outsider.get(`/api/v1/apps/${appId}/submissions`).expect(404);
    await request(app).get('/api/v1/apps').expect(401);
  });

  it('when one of its forms is deleted, the app shows the others; an unknown icon is refused', async () => {
    const doomedId = (await owner.post('/api/v1/forms').send({ title: 'Weg' }).expect(201)).body.id;
    const appId = (
      await owner
        .post('/api/v1/apps')
        .send({ name: 'Rest', icon: 'wrench', color: 'red', formIds: [doomedId, vacationId] })
        .expect(201)
    ).body.id;
    await owner.delete(`/api/v1/forms/${doomedId}`).expect(204);
    const read = (await owner.get(`/api/v1/apps/${appId}`).expect(200)).body;
    expect(read.forms.map((form: { id: string }) => form.id)).toEqual([vacationId]);

    const refused = await owner.post('/api/v1/apps').send({ name: 'Bunt', icon: 'rocket', color: 'blue' }).expect(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('lists the submissions of all its forms in one list, newest first, with the forms’ titles', async () => {
    const appId = (
      await owner
        .post('/api/v1/apps')
        .send({ name: 'Alles', icon: 'clipboard-list', color: 'teal', formIds: [vacationId, expensesId] })
        .expect(201)
    ).body.id;
    await storeUnnumberedSubmissions(teamId, [
      {
        formId: vacationId,
        idempotencyKey: 'a-1',
        answers: {},
        createdAt: new Date('2026-11-01'),
      },
      {
        formId: expensesId,
        idempotencyKey: 'a-2',
        answers: {},
        createdAt: new Date('2026-11-03'),
      },
      {
        formId: vacationId,
        idempotencyKey: 'a-3',
        answers: {},
        createdAt: new Date('2026-11-02'),
      },
    ]);
    const list = (await owner.get(`/api/v1/apps/${appId}/submissions`).expect(200)).body;
    expect(list.total).toBe(3);
    expect(list.submissions.map((row: { formId: string }) => row.formId)).toEqual([expensesId, vacationId, vacationId]);
    expect(list.forms).toEqual(
      expect.arrayContaining([
        { id: vacationId, title: 'Urlaub' },
        { id: expensesId, title: 'Spesen' },
      ]),
    );
    expect((await owner.get(`/api/v1/apps/${appId}`)).body.submissionCount).toBe(3);
  });

  it('creates an app from a template with its forms, worded in the chosen language', async () => {
    const templates = (await owner.get('/api/v1/app-templates').query({ locale: 'en' }).expect(200)).body.templates;
    const hr = templates.find((template: { id: string }) => template.id === 'hr');
    expect(hr).toMatchObject({ name: 'HR', icon: 'briefcase' });
    const created = await owner.post('/api/v1/app-templates/hr/apps').send({ locale: 'en' }).expect(201);
    expect(created.body.name).toBe('HR');
    expect(created.body.forms.map((form: { title: string }) => form.title)).toEqual(
      hr.forms.map((form: { title: string }) => form.title),
    );
    await owner.post('/api/v1/app-templates/nope/apps').send({ locale: 'en' }).expect(404);
  });
});
