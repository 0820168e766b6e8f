import {
  type AssistantEvent,
  type AssistantModelField,
  type AssistantProposal,
  assistantEventSchema,
  assistantModelOutputJsonSchema,
  type FormAssistantRequest,
  type FormDefinition,
  formDefinitionSchema,
} from '@formwerk/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { configureAssistant } from './assistant-settings';
import { startFakeChatCompletions } from './fake-chat-completions';
import { countAssistantRequest } from './form-assistant.service';

useTestDatabase();
const logLines: string[] = [];
const app = createApp({ logger: createLogger({ level: 'info' }, { write: (line: string) => logLines.push(line) }) });
const fakePort = 12190;
let fake: Awaited<ReturnType<typeof startFakeChatCompletions>>;
const modelSettings = () => ({ baseUrl: fake.baseUrl, apiKey: 'sk-test-key', model: 'test-model', timeoutMs: 3000 });

// Words of descriptions and answers that must never reach the log: people type anything into them.
const descriptionMarker = 'Erika-Zebra-Mustermann';
const outputMarker = 'Lieblingsfarbe-Okapi';

type Answer = { status: number; headers: Record<string, string>; events: AssistantEvent[]; body: unknown };

async function ask(agent: TestAgent | request.Agent, body: Partial<FormAssistantRequest>): Promise<Answer> {
  const response = await agent
    .post('/api/v1/forms/assistant')
    .send(body)
    .buffer(true)
    .parse((incoming, done) => {
      let text = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (part: string) => {
        text += part;
      });
      incoming.on('end', () => done(null, text));
    });
  const text = String(response.body);
  const isStream = String(response.headers['content-type']).startsWith('application/x-ndjson');
  return {
    status: response.status,
    headers: response.headers as Record<string, string>,
    events: isStream
      ? text
          .split('\n')
          .filter(Boolean)
          .map((line) => assistantEventSchema.parse(JSON.parse(line)))
      : [],
    body: isStream ? undefined : JSON.parse(text),
  };
}

const proposalOf = (answer: Answer): AssistantProposal => {
  const last = answer.events.at(-1);
  if (last?.type !== 'proposal') throw new Error(`No proposal but ${JSON.stringify(last)}`);
  return last.proposal;
};
const errorCodeOf = (answer: Answer) => {
  const last = answer.events.at(-1);
  return last?.type === 'error' ? last.error.code : `no error but ${last?.type}`;
};
const fieldsOf = (definition: FormDefinition) => definition.pages.flatMap((page) => page.fields);

async function signedIn(email: string) {
  const agent = createTestAgent(app);
  const session = await signUpAndSignIn(agent, { name: email, email, password: 'correct horse battery' });
  return {
    agent,
    teamId: session.body.teamId as number,
    cookies: session.headers['set-cookie'] as unknown as string[],
  };
}

const modelField = (settings: Partial<AssistantModelField> & Pick<AssistantModelField, 'type' | 'label'>) => ({
  id: null,
  help: null,
  required: false,
  placeholder: null,
  choices: null,
  text: null,
  min: null,
  max: null,
  ...settings,
});
const modelAnswer = (fields: object[], explanation = 'Ein Anmeldeformular mit Name, E-Mail und Farbe.') =>
  JSON.stringify({
    explanation,
    form: { title: 'Anmeldung', description: '', pages: [{ id: null, title: null, fields }] },
  });
const validAnswer = modelAnswer([
  modelField({ type: 'shortText', label: 'Name', required: true }),
  modelField({ type: 'email', label: 'E-Mail', required: true }),
  modelField({ type: 'singleChoice', label: outputMarker, choices: ['Rot', 'Grün'] }),
]);

let alice: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  fake = await startFakeChatCompletions(fakePort);
  alice = await signedIn('alice@example.com');
});

afterAll(async () => {
  configureAssistant({ baseUrl: undefined, apiKey: undefined, model: undefined });
  await fake.stop();
});

describe('the assistant without a model', () => {
  beforeAll(() => configureAssistant({ baseUrl: undefined, apiKey: undefined, model: undefined }));

  it('says it is offline', async () => {
    const provider = await alice.agent.get('/api/v1/forms/assistant/provider').expect(200);
    expect(provider.body).toEqual({ mode: 'offline' });
  });

  it('proposes a German draft from a template and the fields it recognizes, streamed as events', async () => {
    const answer = await ask(alice.agent, {
      description: `Kontaktformular für ${descriptionMarker} mit Name, E-Mail, Telefon und Lieblingsfarbe rot/grün`,
      language: 'de',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(answer.events[0]).toEqual({ type: 'progress', stage: 'started' });
    const proposal = proposalOf(answer);
    expect(proposal.provider).toEqual({ mode: 'offline' });
    expect(proposal.explanation).toMatch(/^Ohne KI-Modell: Vorschlag aus erkannten Feldern und Vorlagen\./);
    expect(proposal.definition.title).toBe('Kontaktformular');
    expect(fieldsOf(proposal.definition).map((field) => field.id)).toEqual([
      'name',
      'email',
      'topic',
      'message',
      'callback',
      'phone',
      'lieblingsfarbe',
      'privacy',
    ]);
  });

  it('refines an English draft through follow-ups, keeping the ids of the form it started from', async () => {
    const blank = formDefinitionSchema.parse({
      title: 'Untitled form',
      language: 'en',
      pages: [{ id: 'p_start', fields: [] }],
    });
    const first = proposalOf(
      await ask(alice.agent, {
        description: 'A contact form with name, email, phone and address',
        language: 'en',
        currentDefinition: blank,
      }),
    );
    expect(first.definition.title).toBe('Contact form');
    expect(fieldsOf(first.definition).find((field) => field.id === 'phone')?.required).toBe(true);
    const history = [
      { role: 'user' as const, text: 'A contact form with name, email, phone and address' },
      { role: 'assistant' as const, text: first.explanation },
    ];
    const second = proposalOf(
      await ask(alice.agent, {
        description: 'make the phone optional',
        language: 'en',
        currentDefinition: first.definition,
        history,
      }),
    );
    expect(fieldsOf(second.definition).find((field) => field.id === 'phone')?.required).toBe(false);
    expect(second.explanation).toBe(
      'Without an AI model: a draft from recognized fields and templates. “Phone number” is optional now.',
    );
    const third = proposalOf(
      await ask(alice.agent, {
        description: 'add a consent checkbox and remove the address',
        language: 'en',
        currentDefinition: second.definition,
        history,
      }),
    );
    const ids = fieldsOf(third.definition).map((field) => field.id);
    expect(ids).not.toContain('address');
    expect(ids.slice(-2)).toEqual(['privacy', 'consent']);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers with an error event when it recognizes nothing', async () => {
    const answer = await ask(alice.agent, { description: 'Etwas Schönes', language: 'de' });
    expect(answer.status).toBe(200);
    expect(answer.events.map((event) => event.type)).toEqual(['progress', 'error']);
    expect(errorCodeOf(answer)).toBe('ASSISTANT_NOTHING_RECOGNIZED');
  });

  it('refuses a request without a description, without a session, or without its CSRF token', async () => {
    const invalid = await ask(alice.agent, { description: '  ', language: 'de' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const stranger = await ask(request.agent(app), { description: 'Kontakt', language: 'de' });
    expect(stranger.status).toBe(401);
    const forged = await request(app)
      .post('/api/v1/forms/assistant')
      .set('Cookie', alice.cookies)
      .send({ description: 'Kontakt', language: 'de' });
    expect(forged.status).toBe(403);
    expect(forged.body.error.code).toBe('CSRF_TOKEN_INVALID');
  });

  it(`lets a team ask 30 times an hour, then answers 429 with Retry-After; another team asks on`, async () => {
    // Counting starts anew each hour: a test started in the hour's last seconds waits for the next.
    const msLeftInHour = 3_600_000 - (Date.now() % 3_600_000);
    if (msLeftInHour < 20_000) await new Promise((resolve) => setTimeout(resolve, msLeftInHour + 100));
    const carol = await signedIn('carol@example.com');
    for (let count = 1; count < 30; count += 1) await countAssistantRequest(carol.teamId);
    const last = await ask(carol.agent, { description: 'Kontaktformular', language: 'de' });
    expect(proposalOf(last).definition.title).toBe('Kontaktformular');
    const refused = await ask(carol.agent, { description: 'Kontaktformular', language: 'de' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body).toEqual({
      error: {
        code: 'ASSISTANT_LIMIT_REACHED',
        message: expect.any(String),
        details: { limit: 30, retryAfterSeconds: retryAfter },
      },
    });
    const dave = await signedIn('dave@example.com');
    expect((await ask(dave.agent, { description: 'Kontaktformular', language: 'de' })).status).toBe(200);
  });
});

describe('the assistant with a model behind a chat-completions endpoint', () => {
  beforeAll(() => configureAssistant(modelSettings()));

  it('names the model and its host, never the key', async () => {
    const provider = await alice.agent.get('/api/v1/forms/assistant/provider').expect(200);
    expect(provider.body).toEqual({ mode: 'model', model: 'test-model', host: `127.0.0.1:${fakePort}` });
  });

  it('asks for a strict JSON-schema output, streams progress as the answer arrives, and proposes a valid form', async () => {
    fake.answerNext({ kind: 'stream', content: validAnswer, chunks: 12, delayMs: 60 });
    const answer = await ask(alice.agent, {
      description: `Anmeldung für ${descriptionMarker}: Name, E-Mail und eine Farbe`,
      language: 'de',
    });
    const stages = answer.events.flatMap((event) => (event.type === 'progress' ? [event.stage] : []));
    expect(stages[0]).toBe('started');
    expect(stages.filter((stage) => stage === 'receiving').length).toBeGreaterThanOrEqual(2);
    expect(stages.at(-1)).toBe('validating');
    const received = answer.events.flatMap((event) => (event.type === 'progress' && event.receivedChars) || []);
    expect(received).toEqual([...received].sort((a, b) => a - b));
    expect(answer.events.at(-2)).toEqual({
      type: 'progress',
      stage: 'validating',
      receivedChars: validAnswer.length,
      fieldCount: 3,
    });
    const proposal = proposalOf(answer);
    expect(proposal.provider).toEqual({ mode: 'model', model: 'test-model', host: `127.0.0.1:${fakePort}` });
    expect(proposal.explanation).toBe('Ein Anmeldeformular mit Name, E-Mail und Farbe.');
    expect(fieldsOf(proposal.definition).map((field) => [field.id, field.type, field.required])).toEqual([
      ['name', 'shortText', true],
      ['e-mail', 'email', true],
      ['lieblingsfarbe-okapi', 'singleChoice', false],
    ]);

    const sent = fake.requests.at(-1);
    expect(sent?.headers.authorization).toBe('Bearer sk-test-key');
    expect(sent?.body).toMatchObject({
      model: 'test-model',
      stream: true,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'form_proposal', strict: true, schema: assistantModelOutputJsonSchema() },
      },
    });
    const messages = sent?.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(messages[0]?.content).toContain('in German');
    expect(messages[1]?.content).toContain(descriptionMarker);
    expect(messages[1]?.content).toContain('There is no form yet.');
  });

  it('sends the form and the earlier turns along, and keeps the ids the model keeps', async () => {
    const current = formDefinitionSchema.parse({
      title: 'Anmeldung',
      pages: [{ id: 'p_1', fields: [{ id: 'f_phone', type: 'phone', label: 'Telefon', required: true }] }],
    });
    fake.answerNext({
      kind: 'stream',
      content: modelAnswer(
        [
          modelField({ id: 'f_phone', type: 'phone', label: 'Telefon' }),
          modelField({ type: 'consent', label: 'Einwilligung', text: 'Ich bin einverstanden.', required: true }),
        ],
        'Telefon ist optional, eine Einwilligung kam dazu.',
      ),
    });
    const proposal = proposalOf(
      await ask(alice.agent, {
        description: 'Telefon optional und eine Einwilligung',
        language: 'de',
        currentDefinition: current,
        history: [
          { role: 'user', text: 'Ein Formular mit Telefon' },
          { role: 'assistant', text: 'Ein Feld für das Telefon.' },
        ],
      }),
    );
    expect(proposal.definition.pages[0]?.id).toBe('p_1');
    expect(fieldsOf(proposal.definition).map((field) => [field.id, field.required])).toEqual([
      ['f_phone', false],
      ['einwilligung', true],
    ]);
    const messages = fake.requests.at(-1)?.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[3]?.content).toContain('"id":"f_phone"');
  });

  it('reads an answer a server sends in one piece instead of streaming', async () => {
    fake.answerNext({ kind: 'whole', content: validAnswer });
    const proposal = proposalOf(await ask(alice.agent, { description: 'Anmeldung', language: 'de' }));
    expect(fieldsOf(proposal.definition)).toHaveLength(3);
  });

  it('never proposes an answer that breaks the schema, is no form or is no JSON', async () => {
    const { required: _required, ...withoutRequired } = modelField({ type: 'email', label: 'E-Mail' });
    for (const content of [
      modelAnswer([withoutRequired]),
      modelAnswer([modelField({ type: 'dropdown', label: 'Land', choices: [] })]),
      modelAnswer([modelField({ type: 'shortText', label: 'x'.repeat(600) })]),
      JSON.stringify({ explanation: 'Kein Formular', form: { title: '', description: '', pages: [] } }),
      `${validAnswer.slice(0, 80)}`,
    ]) {
      fake.answerNext({ kind: 'stream', content });
      const answer = await ask(alice.agent, { description: 'Anmeldung', language: 'de' });
      expect(errorCodeOf(answer)).toBe('ASSISTANT_INVALID_OUTPUT');
      expect(answer.events.some((event) => event.type === 'proposal')).toBe(false);
    }
  });

  it('says the model declined when it refuses', async () => {
    fake.answerNext({ kind: 'refusal', refusal: 'I can not help with that.' });
    expect(errorCodeOf(await ask(alice.agent, { description: 'Anmeldung', language: 'de' }))).toBe('ASSISTANT_REFUSED');
  });

  it('says the model is unavailable when its endpoint fails', async () => {
    fake.answerNext({ kind: 'status', status: 500 });
    expect(errorCodeOf(await ask(alice.agent, { description: 'Anmeldung', language: 'de' }))).toBe(
      'ASSISTANT_UNAVAILABLE',
    );
  });

  it('gives up on a model that takes longer than the timeout, and cancels its call', async () => {
    fake.answerNext({ kind: 'slow', delayMs: 10_000, content: validAnswer });
    const startedAt = Date.now();
    const answer = await ask(alice.agent, { description: 'Anmeldung', language: 'de' });
    expect(errorCodeOf(answer)).toBe('ASSISTANT_TIMEOUT');
    expect(Date.now() - startedAt).toBeLessThan(8000);
    await expect.poll(() => fake.requests.at(-1)?.isClosedEarly).toBe(true);
  });

  it('cancels the call to the model when the page goes away', async () => {
    fake.answerNext({ kind: 'slow', delayMs: 10_000, content: validAnswer });
    await expect(
      alice.agent.post('/api/v1/forms/assistant').send({ description: 'Anmeldung', language: 'de' }).timeout(600),
    ).rejects.toThrow(/timeout/i);
    // Well before the model's timeout (3 s): the call ended because the client left.
    await expect.poll(() => fake.requests.at(-1)?.isClosedEarly, { timeout: 2000 }).toBe(true);
    await expect
      .poll(() => logLines.some((line) => line.includes('"outcome":"cancelled"')), { timeout: 2000 })
      .toBe(true);
  });
});

describe('the log', () => {
  it('keeps sizes, durations, the model and the outcome of each request, never what was typed or answered', () => {
    const assistantLines = logLines.map((line) => JSON.parse(line)).filter((line) => line.formAssistant);
    expect(assistantLines.length).toBeGreaterThan(10);
    expect(
      assistantLines.find((line) => line.formAssistant.outcome === 'proposed' && line.formAssistant.mode === 'model'),
    ).toMatchObject({
      formAssistant: {
        model: 'test-model',
        durationMs: expect.any(Number),
        descriptionChars: expect.any(Number),
        outputChars: validAnswer.length,
        proposedFields: 3,
        providerStatus: 200,
      },
    });
    expect(assistantLines.map((line) => line.formAssistant.outcome)).toEqual(
      expect.arrayContaining(['ASSISTANT_TIMEOUT', 'ASSISTANT_REFUSED', 'ASSISTANT_INVALID_OUTPUT', 'cancelled']),
    );
    const everything = logLines.join('\n');
    expect(everything).not.toContain(descriptionMarker);
    expect(everything).not.toContain(outputMarker);
    expect(everything).not.toContain('sk-test-key');
    expect(everything).not.toContain('Lieblingsfarbe');
  });
});
