import {
  type AssistantEvent,
  type AssistantProposal,
  assistantModelOutputJsonSchema,
  assistantModelOutputSchema,
  dropBrokenConditions,
  type FormDefinition,
  type FormDefinitionInput,
  type formAssistantRequestSchema,
  formDefinitionSchema,
} from '@formwerk/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import { countInWindow } from '../../platform/rate-limit';
import { createMessages } from './assistant-prompt';
import { type AssistantModel, configuredModel, findProvider } from './assistant-settings';
import { requestCompletion } from './chat-completions';
import { fromModelForm } from './model-form';
import { proposeOffline } from './offline-assistant';
import { resolveIds } from './proposal-ids';

export type AssistantInput = z.output<typeof formAssistantRequestSchema>;
type ProgressEvent = Extract<AssistantEvent, { type: 'progress' }>;

/**
 * What the log keeps of a request: sizes, durations, the model and the outcome. Never the
 * description, the history or the answer: they may hold anything a person typed (decision 027).
 */
export type AssistantStats = {
  mode: 'model' | 'offline';
  model?: string;
  outcome: string;
  durationMs: number;
  descriptionChars: number;
  historyTurns: number;
  currentFields: number;
  outputChars: number;
  proposedFields: number;
  providerStatus?: number;
};

/** Requests a team may make in an hour: a model costs per request, and a team that loops is stopped. */
export const assistantRequestsPerHour = 30;
const hourMs = 3_600_000;
// While the model thinks, a progress event this often tells the page (and every proxy between) it is alive.
const heartbeatMs = 10_000;
// Progress as the answer streams in, at most this often.
const progressEveryMs = 250;

/**
 * Counts one request of the team (in the database, so every api instance counts alike); past the
 * hour's limit, answers in how many seconds the next hour begins.
 */
export async function countAssistantRequest(teamId: number, now = Date.now()): Promise<number | null> {
  const count = await countInWindow(`form-assistant:team:${teamId}`, hourMs, now);
  if (count <= assistantRequestsPerHour) return null;
  return Math.ceil(((Math.floor(now / hourMs) + 1) * hourMs - now) / 1000);
}

const countFields = (definition: { pages: { fields: unknown[] }[] } | undefined) =>
  definition?.pages.reduce((count, page) => count + page.fields.length, 0) ?? 0;

const invalidOutput = () =>
  new AppError('ASSISTANT_INVALID_OUTPUT', 502, 'The proposal is not a valid form: nothing of it is proposed');

/** A draft checked as a whole: with its broken conditions dropped, a definition, or nothing at all. */
function toDefinition(draft: FormDefinitionInput): FormDefinition {
  const result = formDefinitionSchema.safeParse(dropBrokenConditions(draft));
  if (!result.success) throw invalidOutput();
  return result.data;
}

const fieldReference = /\{([A-Za-z0-9_-]{1,40})\}/g;

/** The offline draft under ids unique and stable against `base`, its rules and calculations following any id that moved. */
function withResolvedIds(draft: FormDefinitionInput, base: FormDefinition | undefined): FormDefinitionInput {
  const { pageIds, fieldIds, renamed } = resolveIds(draft.pages, base);
  const follow = <Rules extends { rules: { fieldId: string }[] }>(condition: Rules | undefined) =>
    condition && {
      ...condition,
      rules: condition.rules.map((rule) => ({ ...rule, fieldId: renamed.get(rule.fieldId) ?? rule.fieldId })),
    };
  return {
    ...draft,
    pages: draft.pages.map((page, pageIndex) => ({
      ...page,
      id: pageIds[pageIndex] as string,
      ...(page.skipWhen ? { skipWhen: follow(page.skipWhen) } : {}),
      fields: page.fields.map((field, fieldIndex) => ({
        ...field,
        id: fieldIds[pageIndex]?.[fieldIndex] as string,
        ...(field.visibleWhen ? { visibleWhen: follow(field.visibleWhen) } : {}),
        ...(field.type === 'calculated'
          ? {
              expression: field.expression.replace(
                fieldReference,
                (_whole, id: string) => `{${renamed.get(id) ?? id}}`,
              ),
            }
          : {}),
      })),
    })),
  };
}

type ProposalOptions = { signal: AbortSignal; onProgress: (event: ProgressEvent) => void; stats: AssistantStats };

async function proposeWithModel(
  model: AssistantModel,
  input: AssistantInput,
  { signal, onProgress, stats }: ProposalOptions,
): Promise<AssistantProposal> {
  const controller = new AbortController();
  const timeout = setTimeout(
    () =>
      controller.abort(
        new AppError('ASSISTANT_TIMEOUT', 504, `The AI model did not answer within ${model.timeoutMs / 1000} s`),
      ),
    model.timeoutMs,
  );
  const cancel = () => controller.abort(new AppError('ASSISTANT_UNAVAILABLE', 499, 'The request was cancelled'));
  signal.addEventListener('abort', cancel, { once: true });
  let progress: ProgressEvent = { type: 'progress', stage: 'waiting' };
  const heartbeat = setInterval(() => onProgress(progress), heartbeatMs);
  let lastSent = 0;
  let scannedTo = 0;
  let fieldCount = 0;
  const onContent = (content: string) => {
    stats.outputChars = content.length;
    // Fields so far, counted by their "type" keys in the part not counted yet (a key may straddle parts).
    const from = Math.max(0, scannedTo - 5);
    for (const match of content.slice(from).matchAll(/"type"/g))
      if (from + (match.index ?? 0) + 6 > scannedTo) fieldCount += 1;
    scannedTo = content.length;
    progress = { type: 'progress', stage: 'receiving', receivedChars: content.length, fieldCount };
    if (Date.now() - lastSent < progressEveryMs) return;
    lastSent = Date.now();
    onProgress(progress);
  };
  try {
    const completion = await requestCompletion({
      model,
      messages: createMessages(input),
      output: { name: 'form_proposal', schema: assistantModelOutputJsonSchema() },
      signal: controller.signal,
      onContent,
      onStatus: (status) => {
        stats.providerStatus = status;
      },
    });
    if (completion.kind === 'refused')
      throw new AppError('ASSISTANT_REFUSED', 422, 'The AI model declined the request');
    onProgress({ type: 'progress', stage: 'validating', receivedChars: completion.content.length, fieldCount });
    let data: unknown;
    try {
      data = JSON.parse(completion.content);
    } catch {
      throw invalidOutput();
    }
    const output = assistantModelOutputSchema.safeParse(data);
    if (!output.success) throw invalidOutput();
    const draft = fromModelForm(output.data.form, input.currentDefinition, input.language);
    return {
      definition: toDefinition(draft),
      explanation: output.data.explanation.trim().slice(0, 2000),
      provider: findProvider(),
    };
  } finally {
    clearTimeout(timeout);
    clearInterval(heartbeat);
    signal.removeEventListener('abort', cancel);
  }
}

function proposeWithoutModel(input: AssistantInput): AssistantProposal {
  const { draft, explanation } = proposeOffline(input);
  return {
    definition: toDefinition(withResolvedIds(draft, input.currentDefinition)),
    explanation,
    provider: findProvider(),
  };
}

/**
 * One request to the assistant, told as events: progress, then the proposal or the error that ended
 * it. A proposal is whole and valid, or there is none. Answers what the log may keep of it, and the
 * error when it was not one the client is meant to see (for the log to name).
 */
export async function streamProposal(
  input: AssistantInput,
  { signal, send }: { signal: AbortSignal; send: (event: AssistantEvent) => void },
): Promise<{ stats: AssistantStats; unexpected?: unknown }> {
  const startedAt = Date.now();
  const model = configuredModel();
  const stats: AssistantStats = {
    mode: model ? 'model' : 'offline',
    ...(model ? { model: model.model } : {}),
    outcome: 'proposed',
    durationMs: 0,
    descriptionChars: input.description.length,
    historyTurns: input.history.length,
    currentFields: countFields(input.currentDefinition),
    outputChars: 0,
    proposedFields: 0,
  };
  let unexpected: unknown;
  send({ type: 'progress', stage: 'started' });
  try {
    const proposal = model
      ? await proposeWithModel(model, input, { signal, onProgress: send, stats })
      : proposeWithoutModel(input);
    stats.proposedFields = countFields(proposal.definition);
    send({ type: 'proposal', proposal });
  } catch (error) {
    if (signal.aborted) stats.outcome = 'cancelled';
    else if (error instanceof AppError) {
      stats.outcome = error.code;
      send({ type: 'error', error: { code: error.code, message: error.message } });
    } else {
      stats.outcome = 'INTERNAL';
      unexpected = error;
      send({ type: 'error', error: { code: 'INTERNAL', message: 'Internal server error' } });
    }
  }
  stats.durationMs = Date.now() - startedAt;
  return unexpected === undefined ? { stats } : { stats, unexpected };
}
