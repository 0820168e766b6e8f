import { randomUUID } from 'node:crypto';
import type { FormDefinitionInput } from '@formwerk/contracts';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { givePlan } from '../../test/billing';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { issueStartToken } from '../submissions/start-token';
import { SubmissionModel } from '../submissions/submission.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

const definition: FormDefinitionInput = {
  title: 'Anmeldung',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'member', type: 'yesNo', label: 'Mitglied?', required: true },
        { id: 'number', type: 'shortText', label: 'Mitgliedsnummer', required: true },
      ],
    },
    { id: 'p2', fields: [{ id: 'diet', type: 'shortText', label: 'Essenswunsch', required: true }] },
    { id: 'p3', fields: [{ id: 'note', type: 'longText', label: 'Anmerkung' }] },
  ],
};

let owner: TestAgent;
let addressCount = 0;
// Each submission from an address of its own: the per-IP limit is not what these tests are about.
const nextAddress = () => {
  addressCount += 1;
  return `10.1.${Math.floor(addressCount / 250)}.${addressCount % 250}`;
};

async function createPublishedForm(): Promise<string> {
  const created = await owner.post('/api/v1/forms').send({ title: 'Anmeldung' }).expect(201);
  const formId: string = created.body.id;
  await owner.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);
  return formId;
}

async function saveTab(formId: string, tab: string, value: unknown) {
  const { version } = (await owner.get(`/api/v1/forms/${formId}/settings`).expect(200)).body;
  return owner.put(`/api/v1/forms/${formId}/settings/${tab}`).send({ version, value });
}

const publicForm = async (formId: string) =>
  (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;

async function submit(formId: string, answers: object) {
  const startToken = issueStartToken(formId, (await publicForm(formId)).servedAt - 5000);
  return request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', nextAddress())
    .send({ answers, idempotencyKey: randomUUID(), startToken });
}

beforeAll(async () => {
  owner = createTestAgent(app);
  const session = await signUpAndSignIn(owner, {
    name: 'Olga',
    email: 'olga@example.com',
    password: 'correct horse battery',
  });
  // Hundreds of submissions this month, more than Free takes.
  await givePlan(session.body.teamId, 'pro-month');
});

describe('saving a settings tab', () => {
  it('gives every tab with its defaults, and saves one only from the version it started on', async () => {
    const formId = await createPublishedForm();
    const loaded = (await owner.get(`/api/v1/forms/${formId}/settings`).expect(200)).body;
    expect(loaded.settings.form).toMatchObject({ title: 'Anmeldung', pageLanguage: 'form', layout: 'classic' });
    expect(loaded.settings.scheduling).toMatchObject({
      opensAt: null,
      maxSubmissions: null,
      timeZone: 'Europe/Berlin',
    });

    const value = { ...loaded.settings.scheduling, closedMessage: 'Bis bald' };
    const saved = await owner
      .put(`/api/v1/forms/${formId}/settings/scheduling`)
      .send({ version: loaded.version, value })
      .expect(200);
    expect(saved.body.version).toBe(loaded.version + 1);

    // A second tab of the browser still holds the old version: it learns the current one.
    const stale = await owner
      .put(`/api/v1/forms/${formId}/settings/scheduling`)
      .send({ version: loaded.version, value: { ...value, closedMessage: 'Überschrieben?' } })
      .expect(409);
    expect(stale.body.error).toMatchObject({
      code: 'VERSION_CONFLICT',
      details: { currentVersion: loaded.version + 1 },
    });
    expect((await publicForm(formId)).settings.availability.closedMessage).toBe('Bis bald');

    // The builder shares the version: its save from before the settings change is refused too.
    await owner.put(`/api/v1/forms/${formId}`).send({ version: loaded.version, definition }).expect(409);
  });

  it('keeps a published form without pending edits so after a settings change', async () => {
    const formId = await createPublishedForm();
    await saveTab(formId, 'reference', { isEnabled: true, prefix: 'A-' }).then((response) =>
      expect(response.status).toBe(200),
    );
    const form = (await owner.get(`/api/v1/forms/${formId}`).expect(200)).body;
    expect(form.publishedVersion).toBe(form.version);
  });

  it('refuses values that break the contract, naming where, and leaves the stored ones alone', async () => {
    const formId = await createPublishedForm();
    const badUrl = await saveTab(formId, 'thankyou', { kind: 'redirect', redirectUrl: 'javascript:alert(1)' });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.code).toBe('VALIDATION_FAILED');
    expect(badUrl.body.error.details.issues[0].path).toEqual(['redirectUrl']);
    const noUrl = await saveTab(formId, 'thankyou', { kind: 'redirect' });
    expect(noUrl.status).toBe(400);
    const backwards = await saveTab(formId, 'scheduling', {
      opensAt: '2030-01-02T10:00',
      closesAt: '2030-01-01T10:00',
    });
    expect(backwards.body.error.details.issues[0].path).toEqual(['closesAt']);
    const unknownZone = await saveTab(formId, 'scheduling', { timeZone: 'Mars/Olympus' });
    expect(unknownZone.status).toBe(400);
    expect((await publicForm(formId)).settings.thankYou.kind).toBe('message');
  });
});

describe('the form tab', () => {
  it('renames the form on its public link at once and hands the page its language, theme and layout', async () => {
    const formId = await createPublishedForm();
    const response = await saveTab(formId, 'form', {
      title: 'Anmeldung 2027',
      description: 'Bitte bis Freitag',
      pageLanguage: 'browser',
      theme: { accentColor: '#aa0000', backgroundColor: '#ffffff', textColor: '#000000', font: 'serif', logoUrl: null },
      layout: 'oneQuestion',
    });
    expect(response.status).toBe(200);
    const form = await publicForm(formId);
    expect(form.definition).toMatchObject({ title: 'Anmeldung 2027', description: 'Bitte bis Freitag' });
    expect(form.settings.appearance).toMatchObject({ pageLanguage: 'browser', layout: 'oneQuestion' });
    expect(form.settings.appearance.theme).toMatchObject({ accentColor: '#aa0000', font: 'serif' });
    const list = (await owner.get('/api/v1/forms?search=2027').expect(200)).body;
    expect(list.forms.map((item: { id: string }) => item.id)).toContain(formId);

    const httpLogo = await saveTab(formId, 'form', { title: 'X', theme: { logoUrl: 'http://example.com/a.png' } });
    expect(httpLogo.status).toBe(400);
  });
});

describe('the error and thank-you tabs', () => {
  it('hand the public page the owner’s texts; no secret settings travel with them', async () => {
    const formId = await createPublishedForm();
    await saveTab(formId, 'error', {
      rules: { required: { de: 'Muss sein!', en: 'Must be!' } },
      fields: { number: { required: { en: 'Your member number, please' } } },
    }).then((response) => expect(response.status).toBe(200));
    await saveTab(formId, 'thankyou', { kind: 'message', title: 'Danke {name}', message: 'Nummer {reference}' });
    await saveTab(formId, 'quiz', { isQuiz: false });
    const { settings } = await publicForm(formId);
    expect(settings.errorTexts.fields.number.required).toEqual({ en: 'Your member number, please' });
    expect(settings.thankYou).toMatchObject({ title: 'Danke {name}', message: 'Nummer {reference}' });
    expect(settings).not.toHaveProperty('quiz');
    expect(JSON.stringify(settings)).not.toContain('answerKey');
  });
});

describe('the condition tab', () => {
  const hideNumberUnlessMember = {
    id: 'r1',
    when: { combinator: 'and', rules: [{ fieldId: 'member', operator: 'equals', value: true }] },
    effect: { action: 'show', fieldId: 'number' },
  };

  it('hides a required field so it never blocks, and drops what was sent for it', async () => {
    const formId = await createPublishedForm();
    expect((await saveTab(formId, 'condition', { rules: [hideNumberUnlessMember] })).status).toBe(200);
    const sent = await submit(formId, { name: 'Ina', member: false, number: 'geheim', diet: 'vegan' });
    expect(sent.status).toBe(201);
    const stored = await SubmissionModel.findById(sent.body.submissionId).lean();
    expect(stored?.answers).toEqual({ name: 'Ina', member: false, diet: 'vegan' });

    const member = await submit(formId, { name: 'Max', member: true, diet: 'alles' });
    expect(member.status).toBe(400);
    expect(member.body.error.details.issues).toEqual([{ fieldId: 'number', code: 'required' }]);
  });

  it('ends the form or skips pages: their required fields are not asked, their answers not kept', async () => {
    const formId = await createPublishedForm();
    const endWhenNoMember = {
      id: 'r2',
      when: { combinator: 'or', rules: [{ fieldId: 'member', operator: 'equals', value: false }] },
      effect: { action: 'endForm' },
    };
    const skipToNotes = {
      id: 'r3',
      when: { combinator: 'and', rules: [{ fieldId: 'number', operator: 'contains', value: 'VIP' }] },
      effect: { action: 'skipToPage', pageId: 'p3' },
    };
    expect((await saveTab(formId, 'condition', { rules: [endWhenNoMember, skipToNotes] })).status).toBe(200);
    const ended = await submit(formId, { name: 'Ina', member: false, number: '1', diet: 'x', note: 'y' });
    expect(ended.status).toBe(201);
    expect((await SubmissionModel.findById(ended.body.submissionId).lean())?.answers).toEqual({
      name: 'Ina',
      member: false,
      number: '1',
    });
    const skipped = await submit(formId, { name: 'Vera', member: true, number: 'VIP-7', note: 'Loge' });
    expect(skipped.status).toBe(201);
    expect((await SubmissionModel.findById(skipped.body.submissionId).lean())?.answers).toEqual({
      name: 'Vera',
      member: true,
      number: 'VIP-7',
      note: 'Loge',
    });
  });

  it('refuses a rule that reads a later field or jumps back, saying which rule', async () => {
    const formId = await createPublishedForm();
    const readsLater = {
      id: 'r4',
      when: { combinator: 'and', rules: [{ fieldId: 'diet', operator: 'isEmpty' }] },
      effect: { action: 'hide', fieldId: 'name' },
    };
    const response = await saveTab(formId, 'condition', { rules: [hideNumberUnlessMember, readsLater] });
    expect(response.status).toBe(400);
    expect(response.body.error.details.issues).toEqual([
      expect.objectContaining({ path: ['rules', 1], code: 'readsLaterField' }),
    ]);
    const jumpsBack = {
      id: 'r5',
      when: { combinator: 'and', rules: [{ fieldId: 'diet', operator: 'isEmpty' }] },
      effect: { action: 'skipToPage', pageId: 'p1' },
    };
    expect((await saveTab(formId, 'condition', { rules: [jumpsBack] })).body.error.details.issues[0].code).toBe(
      'jumpsBack',
    );
  });
});

describe('the scheduling tab', () => {
  const answers = { name: 'Ina', member: true, number: '42', diet: 'vegan' };

  it('shows a form not yet open and refuses its answers, then a closed one likewise', async () => {
    const formId = await createPublishedForm();
    await saveTab(formId, 'scheduling', {
      opensAt: '2999-01-01T09:00',
      timeZone: 'Europe/Berlin',
      closedMessage: 'Ab 2999',
    });
    const early = await publicForm(formId);
    expect(early.settings.availability).toMatchObject({
      state: 'notYetOpen',
      opensAt: '2999-01-01T08:00:00.000Z',
      closedMessage: 'Ab 2999',
    });
    expect((await submit(formId, answers)).body.error.code).toBe('FORM_NOT_YET_OPEN');

    await saveTab(formId, 'scheduling', { closesAt: '2020-06-01T12:00', timeZone: 'America/New_York' });
    expect((await publicForm(formId)).settings.availability.state).toBe('closed');
    const late = await submit(formId, answers);
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe('FORM_CLOSED');
    expect(await SubmissionModel.countDocuments({ formId })).toBe(0);
  });

  it('gives a retry after a lost answer its receipt, also once the form is full or closed', {
    tags: ['reliability'],
  }, async () => {
    const formId = await createPublishedForm();
    await saveTab(formId, 'scheduling', { maxSubmissions: 1 });
    const startToken = issueStartToken(formId, (await publicForm(formId)).servedAt - 5000);
    const send = (idempotencyKey: string) =>
      request(app)
        .post(`/api/v1/public/forms/${formId}/submissions`)
        .set('X-Forwarded-For', nextAddress())
        .send({ answers, idempotencyKey, startToken });
    const key = randomUUID();
    const first = await send(key).expect(201);
    const retry = await send(key).expect(200);
    expect(retry.body.submissionId).toBe(first.body.submissionId);
    expect((await send(randomUUID()).expect(403)).body.error.code).toBe('FORM_FULL');

    await saveTab(formId, 'scheduling', { maxSubmissions: 1, closesAt: '2020-06-01T12:00' });
    expect((await send(key).expect(200)).body.submissionId).toBe(first.body.submissionId);
    expect((await send(randomUUID()).expect(403)).body.error.code).toBe('FORM_CLOSED');
    expect(await SubmissionModel.countDocuments({ formId })).toBe(1);
  });

  it('answers retries sent while the first try still takes the last place like that first try', {
    tags: ['reliability'],
  }, async () => {
    const formId = await createPublishedForm();
    await saveTab(formId, 'scheduling', { maxSubmissions: 1 });
    const startToken = issueStartToken(formId, (await publicForm(formId)).servedAt - 5000);
    const idempotencyKey = randomUUID();
    const tries = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(app)
          .post(`/api/v1/public/forms/${formId}/submissions`)
          .set('X-Forwarded-For', nextAddress())
          .send({ answers, idempotencyKey, startToken }),
      ),
    );
    expect(tries.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(tries.map((response) => response.body.submissionId)).size).toBe(1);
    expect(await SubmissionModel.countDocuments({ formId })).toBe(1);
  });

  it('takes exactly the maximum number of submissions when 200 arrive at once', { timeout: 120_000 }, async () => {
    const formId = await createPublishedForm();
    await saveTab(formId, 'scheduling', { maxSubmissions: 7 });
    const startToken = issueStartToken(formId, (await publicForm(formId)).servedAt - 5000);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        request(app)
          .post(`/api/v1/public/forms/${formId}/submissions`)
          .set('X-Forwarded-For', `10.200.${Math.floor(index / 50)}.${index % 50}`)
          .send({ answers, idempotencyKey: randomUUID(), startToken }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(responses.filter((response) => response.body.error?.code === 'FORM_FULL')).toHaveLength(193);
    expect(await SubmissionModel.countDocuments({ formId })).toBe(7);
    expect((await publicForm(formId)).settings.availability.state).toBe('full');
  });
});
