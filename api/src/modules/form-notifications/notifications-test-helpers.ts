import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import type { FormDefinitionInput } from '@formwerk/contracts';
import type { Express } from 'express';
import request from 'supertest';
import { expect } from 'vitest';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { issueStartToken } from '../submissions/start-token';

// Shared by the tests of this module: people, forms and submissions through the real api.

export const password = 'correct horse battery';
export type Person = { agent: TestAgent; userId: string; email: string; teamId: number };

export async function signUp(app: Express, name: string, email: string, locale: 'de' | 'en' = 'de'): Promise<Person> {
  const agent = createTestAgent(app);
  const response = await signUpAndSignIn(agent, { name, email, password, locale });
  return { agent, userId: response.body.user.id, email, teamId: response.body.teamId };
}

export async function createPublishedForm(owner: TestAgent, definition: FormDefinitionInput): Promise<string> {
  const created = await owner.post('/api/v1/forms').send({ title: definition.title }).expect(201);
  const formId: string = created.body.id;
  await owner.put(`/api/v1/forms/${formId}`).send({ version: 1, definition }).expect(200);
  await owner.post(`/api/v1/forms/${formId}/publish`).expect(200);
  return formId;
}

export async function saveTab(owner: TestAgent, formId: string, tab: string, value: unknown) {
  const { version } = (await owner.get(`/api/v1/forms/${formId}/settings`).expect(200)).body;
  const saved = await owner.put(`/api/v1/forms/${formId}/settings/${tab}`).send({ version, value });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body;
}

let addressCount = 0;

/** A respondent's submission (from an address of its own: the per-IP limit is not tested here). */
export async function submit(
  app: Express,
  formId: string,
  answers: object,
): Promise<{ submissionId: string; reference: string | null }> {
  const page = (await request(app).get(`/api/v1/public/forms/${formId}`).expect(200)).body;
  addressCount += 1;
  const response = await request(app)
    .post(`/api/v1/public/forms/${formId}/submissions`)
    .set('X-Forwarded-For', `10.2.${Math.floor(addressCount / 250)}.${addressCount % 250}`)
    .send({ answers, idempotencyKey: randomUUID(), startToken: issueStartToken(formId, page.servedAt - 5000) });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Asks `read` again until `isDone` holds for its answer, which it returns. */
export async function waitUntil<Value>(
  read: () => Promise<Value>,
  isDone: (value: Value) => boolean,
  timeoutMs = 10_000,
): Promise<Value> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`Still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A loopback port nobody listens on (yet). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
