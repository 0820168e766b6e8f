import { z } from 'zod';
import { errorBodySchema } from './errors.contract';
import { formDefinitionSchema, formLanguageSchema } from './form-definition.contract';
import { fieldTypes } from './form-model-constants';

/**
 * The builder's assistant (issue 18): a description in words becomes a proposed form definition,
 * from an AI model behind an OpenAI-compatible chat-completions endpoint, or, without one, from the
 * api's own offline mapper (decision 027).
 */

/** Earlier turns a request may carry: enough for a few refinements, bounded so a prompt stays small. */
export const assistantHistoryLimit = 12;
export const assistantTextMaxLength = 4000;

/** A turn of the conversation: what the author asked, or the explanation the assistant answered. */
export const assistantTurnSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  text: z.string().trim().min(1).max(assistantTextMaxLength),
});
export type AssistantTurn = z.infer<typeof assistantTurnSchema>;

/** POST /forms/assistant. */
export const formAssistantRequestSchema = z.strictObject({
  description: z.string().trim().min(1).max(assistantTextMaxLength),
  /** The language the proposal's titles, labels and choices are written in. */
  language: formLanguageSchema,
  /** What the proposal starts from: the builder's form, or the proposal being refined. */
  currentDefinition: formDefinitionSchema.optional(),
  history: z.array(assistantTurnSchema).max(assistantHistoryLimit).default([]),
});
export type FormAssistantRequest = z.input<typeof formAssistantRequestSchema>;

/** Who makes the proposals: the model configured (its name and the host it is reached at), or the offline mapper. */
export const assistantProviderSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('model'), model: z.string(), host: z.string() }),
  z.object({ mode: z.literal('offline') }),
]);
export type AssistantProvider = z.infer<typeof assistantProviderSchema>;

/** A proposal: a whole form that passes the definition schema, and in a sentence or two what it is. */
export const assistantProposalSchema = z.object({
  definition: formDefinitionSchema,
  explanation: z.string().max(2000),
  provider: assistantProviderSchema,
});
export type AssistantProposal = z.infer<typeof assistantProposalSchema>;

/**
 * Where a request stands: `started` at once, `waiting` while the model has not begun (and every few
 * seconds as a heartbeat), `receiving` as its answer arrives (its size so far, and how many fields it
 * holds), `validating` once it is complete.
 */
export const assistantProgressStages = ['started', 'waiting', 'receiving', 'validating'] as const;

/**
 * The answer to POST /forms/assistant is a stream of these, one JSON object a line (NDJSON): progress
 * events, then one proposal or one error. Errors before the stream begins (signed out, invalid
 * request, the team's limit) are ordinary error responses.
 */
export const assistantEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('progress'),
    stage: z.enum(assistantProgressStages),
    receivedChars: z.number().int().min(0).optional(),
    fieldCount: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('proposal'), proposal: assistantProposalSchema }),
  z.object({ type: z.literal('error'), error: errorBodySchema.shape.error }),
]);
export type AssistantEvent = z.infer<typeof assistantEventSchema>;

/** The content type of the stream. */
export const assistantStreamContentType = 'application/x-ndjson';

/**
 * What the model answers, as its structured output. A flat shape a model fills reliably, within what
 * OpenAI's strict mode accepts (every key required, optional ones nullable, no length or pattern
 * constraints): the api turns it into a definition, keeping what an existing field of the same id
 * has beyond these settings (conditions, patterns, file types), and checks that with the definition
 * schema. Nothing here is trusted before that check.
 */
const nullableText = (description: string) => z.string().nullable().describe(description);

export const assistantModelFieldSchema = z.strictObject({
  id: nullableText('The id of the existing field this is; null for a new field.'),
  type: z.enum(fieldTypes),
  label: z.string().describe('The question or label respondents read.'),
  help: nullableText('A hint under the label, or null.'),
  required: z.boolean(),
  placeholder: nullableText('shortText, longText, email, phone: an example answer in the empty input; else null.'),
  choices: z
    .array(z.string())
    .nullable()
    .describe('singleChoice, multipleChoice, dropdown: the option labels in order; else null.'),
  text: nullableText(
    'consent: what the respondent agrees to; paragraph: the paragraph; heading: a subtitle or null; else null.',
  ),
  min: z.number().nullable().describe('number: the smallest answer; opinionScale: 0 or 1; else null.'),
  max: z
    .number()
    .nullable()
    .describe('number: the largest answer; rating: stars, 3 to 10; opinionScale: 5 to 10; else null.'),
});
export type AssistantModelField = z.infer<typeof assistantModelFieldSchema>;

export const assistantModelPageSchema = z.strictObject({
  id: nullableText('The id of the existing page this is; null for a new page.'),
  title: nullableText('The page title, or null.'),
  fields: z.array(assistantModelFieldSchema),
});
export type AssistantModelPage = z.infer<typeof assistantModelPageSchema>;

export const assistantModelFormSchema = z.strictObject({
  title: z.string(),
  description: z.string().describe('An introduction shown above the form; may be empty.'),
  pages: z.array(assistantModelPageSchema),
});
export type AssistantModelForm = z.infer<typeof assistantModelFormSchema>;

export const assistantModelOutputSchema = z.strictObject({
  explanation: z.string().describe('One or two sentences on what was made or changed.'),
  form: assistantModelFormSchema,
});
export type AssistantModelOutput = z.infer<typeof assistantModelOutputSchema>;

/**
 * The JSON schema of the structured output, for `response_format.json_schema.schema`: derived from
 * the schema above, without the `$schema` keyword that strict mode does not list. A function, so that
 * a page importing the contracts never pays for it.
 */
export function assistantModelOutputJsonSchema(): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(assistantModelOutputSchema, { io: 'input' });
  return schema;
}
