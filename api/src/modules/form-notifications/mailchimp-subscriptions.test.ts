import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { FormDefinitionInput } from '@formwerk/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { startJobWorker } from '../../platform/jobs';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';
import { createFormDeliveryJob } from './form-notifications.service';
import { configureMailchimpApi } from './mailchimp-client';
import {
  createPublishedForm,
  freePort,
  type Person,
  saveTab,
  signUp,
  submit,
  waitUntil,
} from './notifications-test-helpers';

useTestDatabase();
const logger = createLogger({ level: 'silent' });
const app = createApp({ logger });

const apiKey = `${'0123456789abcdef'.repeat(2)}-us21`;
const otherKey = `${'f'.repeat(32)}-us7`;

type ReceivedRequest = { method: string; path: string; authorization: string; body: unknown };

/**
 * A local server speaking the two calls of the Mailchimp Marketing API we use (list audiences, put a
 * member), keeping what it received. It knows `apiKey` only, refuses addresses with "refused" in them
 * as Mailchimp refuses fake ones (400), and answers 503 while `isAvailable` is false.
 */
function startMailchimp() {
  const received: ReceivedRequest[] = [];
  const state = { isAvailable: true };
  const readBody = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text ? JSON.parse(text) : null;
  };
  const server: Server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://mailchimp.local');
    const authorization = request.headers.authorization ?? '';
    received.push({ method: request.method ?? '', path: url.pathname, authorization, body });
    const answer = (status: number, json: unknown) => {
      response.writeHead(status, { 'content-type': 'application/problem+json' }).end(JSON.stringify(json));
    };
    const password = Buffer.from(authorization.replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':')[1];
    if (password !== apiKey)
      return answer(401, { title: 'API Key Invalid', detail: 'Your API key may be invalid.', status: 401 });
    if (request.method === 'GET' && url.pathname === '/3.0/lists') {
      return answer(200, {
        lists: [
          { id: 'b2', name: 'Presse', stats: { member_count: 3 } },
          { id: 'a1', name: 'Newsletter', stats: { member_count: 120 } },
        ],
      });
    }
    const member = url.pathname.match(/^\/3\.0\/lists\/([^/]+)\/members\/([0-9a-f]{32})$/);
    if (request.method === 'PUT' && member) {
      if (!state.isAvailable)
        return answer(503, { title: 'Service Unavailable', detail: 'Try again later.', status: 503 });
      if (String(body.email_address).includes('refused')) {
        return answer(400, {
          title: 'Invalid Resource',
          detail: `${body.email_address} looks fake or invalid.`,
          status: 400,
        });
      }
      return answer(200, { id: member[2], email_address: body.email_address, status: body.status_if_new });
    }
    answer(404, { title: 'Resource Not Found', status: 404 });
  });
  return { server, received, state };
}

const definition: FormDefinitionInput = {
  title: 'Newsletter',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'mail', type: 'email', label: 'E-Mail', required: true },
        { id: 'first', type: 'shortText', label: 'Vorname' },
        { id: 'last', type: 'shortText', label: 'Nachname' },
      ],
    },
  ],
};

let mailchimp: ReturnType<typeof startMailchimp>;
let mailchimpUrl: string;
let worker: { stop: () => Promise<void> };
let owner: Person;
let outsider: Person;

beforeAll(async () => {
  mailchimp = startMailchimp();
  await new Promise<void>((resolve) => mailchimp.server.listen(0, '127.0.0.1', resolve));
  mailchimpUrl = `http://127.0.0.1:${(mailchimp.server.address() as { port: number }).port}`;
  const job = createFormDeliveryJob(
    { smtpUrl: 'smtp://127.0.0.1:9', from: 'x@forms.test', directory: '', publicUrl: 'http://forms.test' },
    logger,
  );
  worker = await startJobWorker({ definitions: [job], logger, processEveryMs: 100, firstRetryDelayMs: 200 });
  owner = await signUp(app, 'Olga Owner', 'olga@example.com');
  outsider = await signUp(app, 'Otto Outsider', 'otto@example.com');
});
beforeEach(() => {
  configureMailchimpApi(mailchimpUrl);
  mailchimp.state.isAvailable = true;
});
afterAll(async () => {
  configureMailchimpApi(undefined);
  await worker?.stop();
  await new Promise((resolve) => mailchimp?.server.close(resolve));
});

const audiencesOf = (person: Person, formId: string, body: object = {}) =>
  person.agent.post(`/api/v1/forms/${formId}/mailchimp/audiences`).send(body);

async function connectedForm(settings: object = {}): Promise<string> {
  const formId = await createPublishedForm(owner.agent, definition);
  await saveTab(owner.agent, formId, 'mailchimp', {
    isEnabled: true,
    apiKey,
    audienceId: 'a1',
    emailFieldId: 'mail',
    firstNameFieldId: 'first',
    lastNameFieldId: 'last',
    ...settings,
  });
  return formId;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const putsFor = (email: string) =>
  mailchimp.received.filter((call) => call.method === 'PUT' && call.path.endsWith(`/members/${md5(email)}`));

describe('connecting Mailchimp', () => {
  it('lists the audiences of a key being connected, then of the stored key, which is never shown again', async () => {
    const formId = await createPublishedForm(owner.agent, definition);
    expect((await audiencesOf(owner, formId).expect(200)).body).toMatchObject({ isConnected: false, problem: 'noKey' });

    const listed = await audiencesOf(owner, formId, { apiKey }).expect(200);
    expect(listed.body).toEqual({
      isConnected: true,
      audiences: [
        { id: 'a1', name: 'Newsletter', memberCount: 120 },
        { id: 'b2', name: 'Presse', memberCount: 3 },
      ],
    });
    const call = mailchimp.received.at(-1);
    expect(call?.path).toBe('/3.0/lists');
    expect(Buffer.from(String(call?.authorization).replace('Basic ', ''), 'base64').toString()).toMatch(
      new RegExp(`^[^:]+:${apiKey}$`),
    );

    const saved = await saveTab(owner.agent, formId, 'mailchimp', { apiKey, audienceId: 'a1', emailFieldId: 'mail' });
    expect(saved.settings.mailchimp.apiKeyHint).toBe('us21');
    expect(JSON.stringify(saved)).not.toContain(apiKey);
    expect((await audiencesOf(owner, formId).expect(200)).body.isConnected).toBe(true);
  });

  it('says which key Mailchimp rejected or that it cannot be reached, and serves only the form’s team', async () => {
    const formId = await createPublishedForm(owner.agent, definition);
    const rejected = await audiencesOf(owner, formId, { apiKey: otherKey }).expect(200);
    expect(rejected.body).toMatchObject({ isConnected: false, problem: 'keyRejected', message: /API Key Invalid/ });

    configureMailchimpApi(`http://127.0.0.1:${await freePort()}`);
    const away = await audiencesOf(owner, formId, { apiKey }).expect(200);
    expect(away.body).toMatchObject({ isConnected: false, problem: 'unreachable', message: /could not be reached/ });

    const malformed = await audiencesOf(owner, formId, { apiKey: 'not-a-key' }).expect(400);
    expect(malformed.body.error.code).toBe('VALIDATION_FAILED');
    await audiencesOf(outsider, formId, { apiKey }).expect(404);
  });
});

describe('a submission', () => {
  it('subscribes its email with the mapped names; with double opt-in as pending', async () => {
    const formId = await connectedForm({ doubleOptIn: true });
    await submit(app, formId, { mail: 'Ina.Berg@Example.com', first: 'Ina', last: 'Berg' });

    const [put] = await waitUntil(
      async () => putsFor('ina.berg@example.com'),
      (puts) => puts.length === 1,
    );
    expect(put?.path).toBe(`/3.0/lists/a1/members/${md5('ina.berg@example.com')}`);
    expect(put?.authorization).toBe(`Basic ${Buffer.from(`formwerk:${apiKey}`).toString('base64')}`);
    expect(put?.body).toEqual({
      email_address: 'Ina.Berg@Example.com',
      status_if_new: 'pending',
      merge_fields: { FNAME: 'Ina', LNAME: 'Berg' },
    });

    const formWithout = await connectedForm({ doubleOptIn: false, lastNameFieldId: null });
    await submit(app, formWithout, { mail: 'tom@example.com', first: 'Tom', last: 'Ignored' });
    const [direct] = await waitUntil(
      async () => putsFor('tom@example.com'),
      (puts) => puts.length === 1,
    );
    expect(direct?.body).toEqual({
      email_address: 'tom@example.com',
      status_if_new: 'subscribed',
      merge_fields: { FNAME: 'Tom' },
    });
  });

  const failuresOf = (formId: string) => async () =>
    (await owner.agent.get(`/api/v1/forms/${formId}/notifications/failures?kind=mailchimp`).expect(200)).body.failures;

  it('is subscribed on a retry when Mailchimp was away, listed as failed until then', async () => {
    const formId = await connectedForm();
    const failures = failuresOf(formId);
    mailchimp.state.isAvailable = false;
    await submit(app, formId, { mail: 'later@example.com' });

    const [failure] = await waitUntil(failures, (listed) => listed.length === 1);
    expect(failure).toMatchObject({
      channel: 'mailchimp',
      to: 'later@example.com',
      willRetry: true,
      message: 'Service Unavailable: Try again later.',
    });

    mailchimp.state.isAvailable = true;
    await waitUntil(failures, (listed) => listed.length === 0);
    const puts = putsFor('later@example.com');
    expect(puts.length).toBeGreaterThanOrEqual(2);
    expect(puts.at(-1)?.body).toMatchObject({ email_address: 'later@example.com', status_if_new: 'subscribed' });
  });

  it('whose address Mailchimp refuses is listed as failed and not tried again', async () => {
    const formId = await connectedForm();
    await submit(app, formId, { mail: 'refused@example.com' });

    const [failure] = await waitUntil(failuresOf(formId), (listed) => listed.length === 1);
    expect(failure).toMatchObject({ to: 'refused@example.com', message: /looks fake or invalid/ });
    expect(failure).toMatchObject({ willRetry: false, attempts: 1 });
    // A retry would have come after 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(putsFor('refused@example.com')).toHaveLength(1);
  });
});
