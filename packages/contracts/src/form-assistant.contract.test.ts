import { describe, expect, it } from 'vitest';
import {
  assistantEventSchema,
  assistantModelOutputJsonSchema,
  assistantModelOutputSchema,
  formAssistantRequestSchema,
} from './form-assistant.contract';

type JsonSchema = Record<string, unknown>;

// What OpenAI's structured outputs take in strict mode: these keywords, objects closed and with every
// property required, at most 10 levels of nesting and 5 000 properties
// (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas).
const strictKeywords = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  'description',
]);

function findStrictModeProblems(schema: JsonSchema, path = '$', depth = 0): string[] {
  const problems = Object.keys(schema)
    .filter((keyword) => !strictKeywords.has(keyword))
    .map((keyword) => `${path} uses ${keyword}`);
  if (depth > 10) problems.push(`${path} is nested deeper than 10 levels`);
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (properties) {
    if (schema.additionalProperties !== false) problems.push(`${path} is open to other properties`);
    const required = new Set(schema.required as string[]);
    for (const key of Object.keys(properties)) if (!required.has(key)) problems.push(`${path}.${key} is optional`);
    for (const [key, child] of Object.entries(properties))
      problems.push(...findStrictModeProblems(child, `${path}.${key}`, depth + 1));
  }
  if (schema.items) problems.push(...findStrictModeProblems(schema.items as JsonSchema, `${path}[]`, depth + 1));
  for (const [index, option] of ((schema.anyOf as JsonSchema[] | undefined) ?? []).entries())
    problems.push(...findStrictModeProblems(option, `${path}|${index}`, depth));
  return problems;
}

const countProperties = (schema: JsonSchema): number =>
  Object.values((schema.properties as Record<string, JsonSchema> | undefined) ?? {}).reduce(
    (count, child) => count + 1 + countProperties(child),
    schema.items ? countProperties(schema.items as JsonSchema) : 0,
  );

describe('the structured output the assistant asks a model for', () => {
  it('is a JSON schema that OpenAI strict mode accepts: a closed object at the root, every key required', () => {
    const schema = assistantModelOutputJsonSchema();
    expect(schema.type).toBe('object');
    expect(schema.anyOf).toBeUndefined();
    expect(findStrictModeProblems(schema)).toEqual([]);
    expect(countProperties(schema)).toBeLessThan(5000);
  });

  it('says what each setting is for, so that a model fills it as meant', () => {
    const schema = assistantModelOutputJsonSchema() as {
      properties: { form: { properties: { pages: { items: { properties: { fields: { items: JsonSchema } } } } } } };
    };
    const field = schema.properties.form.properties.pages.items.properties.fields.items as {
      properties: Record<string, { description?: string; enum?: string[] }>;
    };
    expect(field.properties.type?.enum).toContain('consent');
    expect(field.properties.choices?.description).toMatch(/option labels/);
    expect(field.properties.id?.description).toMatch(/null for a new field/);
  });

  it('rejects an answer with a key the schema does not name, or a missing one', () => {
    const field = {
      id: null,
      type: 'email',
      label: 'E-Mail',
      help: null,
      required: true,
      placeholder: null,
      choices: null,
      text: null,
      min: null,
      max: null,
    };
    const answer = {
      explanation: 'Ein Feld.',
      form: { title: 'T', description: '', pages: [{ id: null, title: null, fields: [field] }] },
    };
    expect(assistantModelOutputSchema.safeParse(answer).success).toBe(true);
    const withExtra = structuredClone(answer);
    Object.assign(withExtra.form.pages[0]?.fields[0] ?? {}, { colour: 'red' });
    expect(assistantModelOutputSchema.safeParse(withExtra).success).toBe(false);
    const { help: _help, ...withoutHelp } = field;
    expect(
      assistantModelOutputSchema.safeParse({
        ...answer,
        form: { ...answer.form, pages: [{ id: null, title: null, fields: [withoutHelp] }] },
      }).success,
    ).toBe(false);
  });
});

describe('the assistant request and its stream', () => {
  it('bounds the description and the history it carries', () => {
    const base = { description: 'Kontaktformular', language: 'de' };
    expect(formAssistantRequestSchema.parse(base)).toEqual({ ...base, history: [] });
    expect(formAssistantRequestSchema.safeParse({ ...base, description: '   ' }).success).toBe(false);
    expect(formAssistantRequestSchema.safeParse({ ...base, description: 'x'.repeat(4001) }).success).toBe(false);
    const turns = Array.from({ length: 13 }, (_turn, index) => ({ role: index % 2 ? 'assistant' : 'user', text: 'x' }));
    expect(formAssistantRequestSchema.safeParse({ ...base, history: turns }).success).toBe(false);
    expect(formAssistantRequestSchema.safeParse({ ...base, history: turns.slice(1) }).success).toBe(true);
  });

  it('reads progress, a proposal and an error as events, and nothing else', () => {
    expect(
      assistantEventSchema.parse({ type: 'progress', stage: 'receiving', receivedChars: 120, fieldCount: 2 }),
    ).toBeTruthy();
    expect(
      assistantEventSchema.parse({
        type: 'error',
        error: { code: 'ASSISTANT_TIMEOUT', message: 'The model took too long' },
      }),
    ).toBeTruthy();
    expect(assistantEventSchema.safeParse({ type: 'error', error: { code: 'TEAPOT', message: '' } }).success).toBe(
      false,
    );
    expect(assistantEventSchema.safeParse({ type: 'partial', text: '{"form"' }).success).toBe(false);
  });
});
