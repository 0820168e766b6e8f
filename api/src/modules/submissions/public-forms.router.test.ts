import { randomUUID } from 'node:crypto';
import type { FormDefinitionInput } from '@formwerk/contracts';
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

const definition: FormDefinitionInput = {
  title: 'Sommerfest',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'comes', type: 'yesNo', label: 'Kommst du?', required: true },
        {
          id: 'guests',
          type: 'number',
          label: 'Begleitung',
          required: true,
          min: 0,
          max: 4,
          decimals: 0,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'comes', operator: 'equals', value: true }] },
        },
      ],
    },
  ],
};

let owner: TestAgent;
let formId: string;
// Every submission comes from an address of its own, so the per-IP limit only bites where tested.
let addressCount = 0;
function nextAddress(): string {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
}

async function servedAt(): Promise<number> {
  return (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body.servedAt;
}

function submit(body: object, address = nextAddress()) {
  return request(app).post(`/api/v1/public/forms/${formId}/submissions`).set('X-Forwarded-For', address).send(body);
}

beforeAll(async () => {
  owner = createTestAgent(app);
  await signUpAndSignIn(owner, { name: 'Olga', email: 'olga@example.com', password: 'correct horse battery' });
  const created = await owner.post('/api/v1/forms').send({ title: 'Sommerfest' }).expect(201);
  formId = created.body.id;
  await owner.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);
});

// A page served 5 s ago: a person had time to fill it in.
const filledByAPerson = async () => issueStartToken(formId, (await servedAt()) - 5000);

describe('the public form', () => {
  it('hands out the published definition without a session, and nothing for drafts or unknown ids', async () => {
    const response = await request(app).get(`/api/v1/public/forms/${formId}`).expect(200);
    expect(response.body.definition.title).toBe('Sommerfest');
    expect(response.headers['set-cookie']).toBeUndefined();

    const draft = await owner.post('/api/v1/forms').send({ title: 'Entwurf' }).expect(201);
    const unavailable = await request(app).get(`/api/v1/public/forms/${draft.body.id}`).expect(404);
    expect(unavailable.body.error.code).toBe('FORM_UNAVAILABLE');
    await request(app).get('/api/v1/public/forms/000000000000000000000000').expect(404);
    await request(app).get('/api/v1/public/forms/not-an-id').expect(404);
  });

  it('keeps showing the published version until the form is published again', async () => {
    const edited = { ...definition, title: 'Sommerfest (neu)' };
    const current = (await owner.get(`/api/v1/forms/${formId}`).expect(200)).body;
    await owner.put(`/api/v1/forms/${formId}`).send({ version: current.version, definition: edited }).expect(200);
    expect((await request(app).get(`/api/v1/public/forms/${formId}`)).body.definition.title).toBe('Sommerfest');
    const republished = await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);
    expect(republished.body.publishedVersion).toBe(republished.body.version);
    expect((await request(app).get(`/api/v1/public/forms/${formId}`)).body.definition.title).toBe('Sommerfest (neu)');
  });
});

describe('submitting', () => {
  it('stores the answers that count: a hidden field is neither required nor kept', async () => {
    const response = await submit({
      answers: { name: 'Grete', comes: false, guests: 9 },
      idempotencyKey: randomUUID(),
      startToken: await filledByAPerson(),
    }).expect(201);
    const stored = await SubmissionModel.findById(response.body.submissionId).lean();
    expect(stored?.answers).toEqual({ name: 'Grete', comes: false });
  });

  it('takes the answers of a signed-in person too, who sends no CSRF token on a public link', async () => {
    const signUp = await signUpAndSignIn(createTestAgent(app), {
      name: 'Rita',
      email: 'rita@example.com',
      password: 'correct horse battery',
    });
    const cookies = (signUp.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]);
    await submit({
      answers: { name: 'Rita', comes: false },
      idempotencyKey: randomUUID(),
      startToken: await filledByAPerson(),
    })
      .set('Cookie', cookies.join('; '))
      .expect(201);
  });

  it('checks the answers with the shared rules and names each broken one', async () => {
    const response = await submit({
      answers: { comes: true, guests: 7 },
      idempotencyKey: randomUUID(),
      startToken: await filledByAPerson(),
    }).expect(400);
    expect(response.body.error).toMatchObject({
      code: 'ANSWERS_INVALID',
      details: {
        issues: [
          { fieldId: 'name', code: 'required' },
          { fieldId: 'guests', code: 'tooLarge', params: { max: 4 } },
        ],
      },
    });
  });

  it('stores one submission for 50 concurrent retries of the same idempotency key', {
    tags: ['reliability'],
  }, async () => {
    const body = {
      answers: { name: 'Retry', comes: true, guests: 1 },
      idempotencyKey: randomUUID(),
      startToken: await filledByAPerson(),
    };
    const responses = await Promise.all(Array.from({ length: 50 }, () => submit(body)));
    expect(new Set(responses.map((response) => response.status))).toEqual(new Set([201, 200]));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body.submissionId)).size).toBe(1);
    expect(await SubmissionModel.countDocuments({ idempotencyKey: body.idempotencyKey })).toBe(1);
  });

  it('refuses a form sent back within 3 seconds, and stores nothing from a filled honeypot', {
    tags: ['reliability'],
  }, async () => {
    const tooFast = await submit({
      answers: { name: 'Bot', comes: false },
      idempotencyKey: randomUUID(),
      startToken: (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body.startToken,
    }).expect(400);
    expect(tooFast.body.error.code).toBe('SUBMITTED_TOO_FAST');

    // The page cannot say it was served earlier: the time is in the api's signed token.
    const served = await servedAt();
    const [, signature] = issueStartToken(formId, served).split('.');
    for (const startToken of [
      `${served - 60_000}.${signature}`,
      issueStartToken('0'.repeat(24), served - 60_000),
      'x',
    ]) {
      const forged = await submit({ answers: { name: 'Bot', comes: false }, idempotencyKey: randomUUID(), startToken });
      expect(forged.status).toBe(400);
      expect(forged.body.error.code).toBe('START_TOKEN_INVALID');
    }
    const statedTime = await submit({
      answers: { name: 'Bot', comes: false },
      idempotencyKey: randomUUID(),
      startedAt: served - 60_000,
    }).expect(400);
    expect(statedTime.body.error.code).toBe('VALIDATION_FAILED');

    const before = await SubmissionModel.countDocuments();
    const honeypot = await submit({
      answers: { name: 'Bot', comes: false },
      idempotencyKey: randomUUID(),
      startToken: await filledByAPerson(),
      website: 'http://spam.example',
    }).expect(201);
    expect(honeypot.body.submissionId).toMatch(/^[0-9a-f]{24}$/);
    expect(await SubmissionModel.countDocuments()).toBe(before);
  });

  it('stores the answers of a class of 100 sent at once from one school address', {
    tags: ['reliability'],
  }, async () => {
    const startToken = await filledByAPerson();
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        submit(
          { answers: { name: `Pupil ${index}`, comes: false }, idempotencyKey: randomUUID(), startToken },
          '203.0.113.40',
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(201));
  });

  it('refuses the 301st submission to one form from one address within 10 minutes with 429 and Retry-After', {
    tags: ['reliability'],
  }, async () => {
    const startToken = await filledByAPerson();
    // Refused answers count too (and cost the least to send), 20 at a time.
    for (let batch = 0; batch < 15; batch += 1) {
      const refused = await Promise.all(
        Array.from({ length: 20 }, () =>
          submit({ answers: {}, idempotencyKey: randomUUID(), startToken }, '203.0.113.50'),
        ),
      );
      expect(refused.map((response) => response.status)).toEqual(Array(20).fill(400));
    }
    const limited = await submit(
      { answers: { name: 'One more', comes: false }, idempotencyKey: randomUUID(), startToken },
      '203.0.113.50',
    ).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still gets through.
    await submit(
      { answers: { name: 'Elsewhere', comes: false }, idempotencyKey: randomUUID(), startToken },
      '203.0.113.51',
    ).expect(201);
  });

  it('checks answers against the form as changed since the last submission, never an older copy', async () => {
    const stored = await submit({
      answers: { name: 'Vorher', comes: false },
      idempotencyKey: randomUUID(),
      startToken: await filledByAPerson(),
    }).expect(201);
    expect(stored.body.submissionId).toMatch(/^[0-9a-f]{24}$/);
    const current = (await owner.get(`/api/v1/forms/${formId}`).expect(200)).body;
    const withEmail = structuredClone(definition);
    withEmail.pages[0]?.fields.push({ id: 'email', type: 'email', label: 'E-Mail', required: true });
    await owner.put(`/api/v1/forms/${formId}`).send({ version: current.version, definition: withEmail }).expect(200);
    await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);

    const refused = await submit({
      answers: { name: 'Nachher', comes: false },
      idempotencyKey: randomUUID(),
      startToken: await filledByAPerson(),
    }).expect(400);
    expect(refused.body.error.details.issues).toEqual([{ fieldId: 'email', code: 'required' }]);
  });

  it("matches an author's hostile pattern in linear time, and refuses saving one RE2 cannot compile", {
    tags: ['reliability'],
  }, async () => {
    const withPattern = (pattern: string): FormDefinitionInput => ({
      title: 'Muster',
      pages: [{ id: 'p1', fields: [{ id: 'code', type: 'shortText', label: 'Code', required: true, pattern }] }],
    });
    const patternFormId: string = (await owner.post('/api/v1/forms').send({ title: 'Muster' }).expect(201)).body.id;
    await owner
      .put(`/api/v1/forms/${patternFormId}`)
      .send({ version: 1, definition: withPattern('(a+)+b') })
      .expect(200);
    await owner.post(`/api/v1/forms/${patternFormId}/publish`).expect(200);
    const { servedAt: patternServedAt } = (await request(app).get(`/api/v1/public/forms/${patternFormId}`)).body;

    // With a backtracking RegExp this answer would hold the api's one thread for longer than anyone lives.
    const [refused] = await Promise.all([
      request(app)
        .post(`/api/v1/public/forms/${patternFormId}/submissions`)
        .set('X-Forwarded-For', nextAddress())
        .send({
          answers: { code: `${'a'.repeat(5_000)}c` },
          idempotencyKey: randomUUID(),
          startToken: issueStartToken(patternFormId, patternServedAt - 5000),
        })
        .expect(400),
      request(app).get(`/api/v1/public/forms/${formId}`).expect(200),
    ]);
    expect(refused.body.error.details.issues).toEqual([{ fieldId: 'code', code: 'patternMismatch' }]);

    const current = (await owner.get(`/api/v1/forms/${patternFormId}`).expect(200)).body;
    await owner
      .put(`/api/v1/forms/${patternFormId}`)
      .send({ version: current.version, definition: withPattern('(a)\\1') })
      .expect(400);
  });

  it('answers FORM_UNAVAILABLE once the form is unpublished or archived', async () => {
    await owner.post(`/api/v1/forms/${formId}/unpublish`).expect(200);
    const body = {
      answers: { name: 'Late', comes: false },
      idempotencyKey: randomUUID(),
      startToken: issueStartToken(formId, Date.now() - 5000),
    };
    expect((await submit(body).expect(404)).body.error.code).toBe('FORM_UNAVAILABLE');
    await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);
    await owner.post(`/api/v1/forms/${formId}/archive`).expect(200);
    await submit(body).expect(404);
    await owner.post(`/api/v1/forms/${formId}/restore`).expect(200);
  });
});
