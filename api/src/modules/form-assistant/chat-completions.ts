import { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AssistantModel } from './assistant-settings';

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** How the call ended: the model's whole answer, or its refusal (whose words are not kept). */
export type Completion = { kind: 'content'; content: string } | { kind: 'refused' };

type CompletionRequest = {
  model: AssistantModel;
  messages: ChatMessage[];
  /** The structured output's name and JSON schema. */
  output: { name: string; schema: Record<string, unknown> };
  signal: AbortSignal;
  /** Called as the answer grows, with all of it so far (for progress, never for the log). */
  onContent: (content: string) => void;
  /** The provider's HTTP status, for the log line. */
  onStatus: (status: number) => void;
};

// A form of 50 pages of 200 fields is far below this; a model that writes on and on is cut off here.
const maxContentChars = 512 * 1024;

// The parts of a chunk (stream) or a completion (one answer) that matter here; the rest is ignored.
const messagePartSchema = z.object({ content: z.string().nullish(), refusal: z.string().nullish() });
const answerSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: messagePartSchema.optional(),
        message: messagePartSchema.optional(),
        finish_reason: z.string().nullish(),
      }),
    )
    .default([]),
  error: z.unknown().optional(),
});
type Answer = z.infer<typeof answerSchema>;

const unavailable = (why: string) => new AppError('ASSISTANT_UNAVAILABLE', 502, `The AI model ${why}`);
const invalidOutput = (why: string) => new AppError('ASSISTANT_INVALID_OUTPUT', 502, `The AI model's answer ${why}`);

/** Collects an answer from its parts, whichever way they arrive. */
class AnswerCollector {
  content = '';
  isRefused = false;

  constructor(private readonly onContent: (content: string) => void) {}

  take(answer: Answer): void {
    if (answer.error !== undefined) throw unavailable('answered with an error');
    for (const choice of answer.choices) {
      const part = choice.delta ?? choice.message;
      if (part?.refusal) this.isRefused = true;
      if (part?.content) {
        this.content += part.content;
        if (this.content.length > maxContentChars) throw invalidOutput('is too long');
        this.onContent(this.content);
      }
      if (choice.finish_reason === 'content_filter') this.isRefused = true;
      if (choice.finish_reason === 'length') throw invalidOutput('was cut off at its length limit');
    }
  }

  result(): Completion {
    return this.isRefused ? { kind: 'refused' } : { kind: 'content', content: this.content };
  }
}

function parseAnswer(text: string): Answer {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    // The parser's message quotes the text: it stays out of errors and logs.
    throw unavailable('sent a part that is not JSON');
  }
  const answer = answerSchema.safeParse(data);
  if (!answer.success) throw unavailable('sent a part that is not a chat completion');
  return answer.data;
}

/** Server-sent events as OpenAI streams them: `data: {chunk}` lines, a blank line between, `data: [DONE]` last. */
async function readEventStream(body: ReadableStream<Uint8Array>, collector: AnswerCollector): Promise<void> {
  let buffer = '';
  const takeLine = (line: string) => {
    const trimmed = line.trim();
    if (!trimmed.startsWith('data:')) return;
    const data = trimmed.slice('data:'.length).trim();
    if (data !== '[DONE]') collector.take(parseAnswer(data));
  };
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) takeLine(line);
    }
  } catch (error) {
    // An answer given up on (too long, cut off) is not read to its end.
    await reader.cancel().catch(() => undefined);
    throw error;
  }
  takeLine(buffer + decoder.decode());
}

/**
 * One call of `${baseUrl}/chat/completions` with a strict JSON-schema output, streamed. Some servers
 * that speak the protocol answer in one piece instead of streaming: that is read too. A failure of the
 * provider is ASSISTANT_UNAVAILABLE (its status in the log, never its body); an answer cut short,
 * too long or not made of chat-completion parts is ASSISTANT_INVALID_OUTPUT. Aborting `signal`
 * rejects with its reason.
 */
export async function requestCompletion({
  model,
  messages,
  output,
  signal,
  onContent,
  onStatus,
}: CompletionRequest): Promise<Completion> {
  const response = await fetch(`${model.baseUrl}/chat/completions`, {
    method: 'POST',
    signal,
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream, application/json',
      ...(model.apiKey ? { Authorization: `Bearer ${model.apiKey}` } : {}),
    },
    body: JSON.stringify({
      model: model.model,
      messages,
      response_format: { type: 'json_schema', json_schema: { name: output.name, strict: true, schema: output.schema } },
      stream: true,
    }),
  }).catch((error: unknown) => {
    if (signal.aborted) throw signal.reason;
    throw Object.assign(unavailable('could not be reached'), { cause: error });
  });
  onStatus(response.status);
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw unavailable(`answered HTTP ${response.status}`);
  }
  const collector = new AnswerCollector(onContent);
  const contentType = response.headers.get('content-type') ?? '';
  try {
    if (contentType.includes('text/event-stream')) await readEventStream(response.body, collector);
    else collector.take(parseAnswer(await response.text()));
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof AppError) throw error;
    throw Object.assign(unavailable('broke off its answer'), { cause: error });
  }
  return collector.result();
}
