import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

let alice: TestAgent;
let bob: TestAgent;

async function signedIn(email: string): Promise<TestAgent> {
  const agent = createTestAgent(app);
  await signUpAndSignIn(agent, { name: email, email, password: 'correct horse battery' });
  return agent;
}

const fieldIdsOf = (definition: { pages: { fields: { id: string }[] }[] }) =>
  definition.pages.flatMap((page) => page.fields.map((field) => field.id));

beforeAll(async () => {
  alice = await signedIn('alice@example.com');
  bob = await signedIn('bob@example.com');
});

describe('built-in templates', () => {
  it('lists the gallery in German by default and in English on request', async () => {
    const german = await alice.get('/api/v1/templates').expect(200);
    expect(german.body.templates).toHaveLength(12);
    expect(german.body.templates[0]).toEqual({
      id: 'contact',
      category: 'contact',
      title: 'Kontaktformular',
      description: expect.stringContaining('Schreiben Sie uns'),
      fieldCount: 7,
    });
    const english = await alice.get('/api/v1/templates').query({ locale: 'en' }).expect(200);
    expect(english.body.templates.map((template: { id: string }) => template.id)).toEqual(
      german.body.templates.map((template: { id: string }) => template.id),
    );
    expect(english.body.templates[0].title).toBe('Contact form');
    await alice.get('/api/v1/templates').query({ locale: 'fr' }).expect(400);
  });

  it('answers one template with its whole form, and 404 for an unknown one', async () => {
    const template = await alice.get('/api/v1/templates/job-application').query({ locale: 'en' }).expect(200);
    expect(template.body).toMatchObject({ id: 'job-application', category: 'workplace', title: 'Job application' });
    expect(template.body.definition.language).toBe('en');
    expect(template.body.definition.pages.map((page: { title: string }) => page.title)).toEqual([
      'Personal details',
      'Position and experience',
      'Documents',
    ]);
    expect(template.body.fieldCount).toBe(fieldIdsOf(template.body.definition).length);
    const missing = await alice.get('/api/v1/templates/rocket-launch').expect(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
  });

  it("creates a draft of the team from a template, in the page's language, with the template's fields", async () => {
    const template = (await alice.get('/api/v1/templates/product-order').query({ locale: 'en' }).expect(200)).body;
    const created = await alice.post('/api/v1/templates/product-order/forms').send({ locale: 'en' }).expect(201);
    expect(created.body).toMatchObject({ status: 'draft', version: 1, definition: template.definition });
    const read = await alice.get(`/api/v1/forms/${created.body.id}`).expect(200);
    expect(read.body.definition.title).toBe('Order form');
    expect(fieldIdsOf(read.body.definition)).toContain('total');
    const listed = await alice.get('/api/v1/forms').query({ search: 'order form' }).expect(200);
    expect(listed.body.forms).toEqual([
      expect.objectContaining({ id: created.body.id, fieldCount: template.fieldCount }),
    ]);

    const german = await alice.post('/api/v1/templates/product-order/forms').send({ locale: 'de' }).expect(201);
    expect(german.body.definition).toMatchObject({ title: 'Bestellformular', language: 'de' });
    await alice.post('/api/v1/templates/rocket-launch/forms').send({ locale: 'de' }).expect(404);
  });
});

describe('team templates', () => {
  it('saves a form as a template, lists, reads, creates forms from it and deletes it', async () => {
    const form = (await alice.post('/api/v1/templates/contact/forms').send({ locale: 'de' }).expect(201)).body;
    const saved = await alice
      .post('/api/v1/team-templates')
      .send({ formId: form.id, name: 'Unsere Anfrage' })
      .expect(201);
    expect(saved.body).toMatchObject({ name: 'Unsere Anfrage', language: 'de', fieldCount: 7 });
    expect(saved.body.definition).toEqual(form.definition);
    const unnamed = await alice.post('/api/v1/team-templates').send({ formId: form.id }).expect(201);
    expect(unnamed.body.name).toBe('Kontaktformular');

    // Later edits of the form leave the template as it was saved.
    await alice
      .put(`/api/v1/forms/${form.id}`)
      .send({ version: 1, definition: { ...form.definition, title: 'Geändert' } })
      .expect(200);

    const list = await alice.get('/api/v1/team-templates').expect(200);
    expect(list.body.templates.map((template: { id: string }) => template.id)).toEqual([
      unnamed.body.id,
      saved.body.id,
    ]);
    const read = await alice.get(`/api/v1/team-templates/${saved.body.id}`).expect(200);
    expect(read.body.definition.title).toBe('Kontaktformular');

    const created = await alice.post(`/api/v1/team-templates/${saved.body.id}/forms`).expect(201);
    expect(created.body.id).not.toBe(form.id);
    expect(created.body.definition).toEqual(form.definition);
    await alice.get(`/api/v1/forms/${created.body.id}`).expect(200);

    await alice.delete(`/api/v1/team-templates/${saved.body.id}`).expect(204);
    await alice.get(`/api/v1/team-templates/${saved.body.id}`).expect(404);
    const after = await alice.get('/api/v1/team-templates').expect(200);
    expect(after.body.templates.map((template: { id: string }) => template.id)).toEqual([unnamed.body.id]);
  });

  it('refuses an unknown form and a name too long', async () => {
    const form = (await alice.post('/api/v1/forms').send({ title: 'Leer' }).expect(201)).body;
    await alice
      .post('/api/v1/team-templates')
      .send({ formId: 'f'.repeat(24) })
      .expect(404);
    const tooLong = await alice.post('/api/v1/team-templates').send({ formId: form.id, name: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('VALIDATION_FAILED');
  });

  it("answers 404 for another team's templates and forms on every endpoint", async () => {
    const form = (await alice.post('/api/v1/forms').send({ title: 'Privat' }).expect(201)).body;
    const template = (await alice.post('/api/v1/team-templates').send({ formId: form.id }).expect(201)).body;
    const path = `/api/v1/team-templates/${template.id}`;
    await bob.get(path).expect(404);
    await bob.post(`${path}/forms`).expect(404);
    await bob.delete(path).expect(404);
    await bob.post('/api/v1/team-templates').send({ formId: form.id }).expect(404);
    expect((await bob.get('/api/v1/team-templates').expect(200)).body.templates).toEqual([]);
    expect((await bob.get('/api/v1/forms').expect(200)).body.forms).toEqual([]);
    await alice.get(path).expect(200);
  });

  it('answers 401 without a session', async () => {
    const anonymous = request(app);
    await anonymous.get('/api/v1/templates').expect(401);
    await anonymous.get('/api/v1/templates/contact').expect(401);
    await anonymous.post('/api/v1/templates/contact/forms').send({ locale: 'de' }).expect(401);
    await anonymous.get('/api/v1/team-templates').expect(401);
    await anonymous.get(`/api/v1/team-templates/${'a'.repeat(24)}`).expect(401);
  });
});
