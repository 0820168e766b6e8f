import { createServer, type IncomingHttpHeaders } from 'node:http';

/**
 * A chat-completions server for the tests, on this machine: it answers POST /v1/chat/completions the
 * way OpenAI does (server-sent events of `chat.completion.chunk`s when asked to stream), with
 * whatever the test sets as the next answer. It records each request and whether its client went away.
 */
export type FakeAnswer =
  /** The content streamed in `chunks` pieces, `delayMs` apart. */
  | { kind: 'stream'; content: string; chunks?: number; delayMs?: number }
  /** The whole completion at once, as a server that does not stream would send it. */
  | { kind: 'whole'; content: string }
  /** Structured outputs' refusal, streamed. */
  | { kind: 'refusal'; refusal: string }
  /** Nothing for `delayMs`, then an answer (if the client is still there). */
  | { kind: 'slow'; delayMs: number; content: string }
  | { kind: 'status'; status: number };

export type RecordedRequest = { headers: IncomingHttpHeaders; body: Record<string, unknown>; isClosedEarly: boolean };

const chunk = (delta: Record<string, string>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeChatCompletions(port: number) {
  let next: FakeAnswer = { kind: 'status', status: 503 };
  const requests: RecordedRequest[] = [];
  const server = createServer(async (request, response) => {
    let text = '';
    for await (const part of request) text += String(part);
    const recorded: RecordedRequest = { headers: request.headers, body: JSON.parse(text), isClosedEarly: false };
    requests.push(recorded);
    response.once('close', () => {
      if (!response.writableFinished) recorded.isClosedEarly = true;
    });
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404).end();
      return;
    }
    const answer = next;
    if (answer.kind === 'status') {
      response.writeHead(answer.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The server had an error', type: 'server_error' } }));
      return;
    }
    if (answer.kind === 'whole') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    if (answer.kind === 'slow') await pause(answer.delayMs);
    if (response.destroyed) return;
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    response.write(chunk({ role: 'assistant', content: '' }));
    if (answer.kind === 'refusal') {
      response.write(chunk({ refusal: answer.refusal }));
    } else {
      const pieces = answer.kind === 'stream' ? (answer.chunks ?? 8) : 1;
      const size = Math.ceil(answer.content.length / pieces);
      for (let start = 0; start < answer.content.length && !response.destroyed; start += size) {
        response.write(chunk({ content: answer.content.slice(start, start + size) }));
        if (answer.kind === 'stream' && answer.delayMs) await pause(answer.delayMs);
      }
    }
    response.write(chunk({}, 'stop'));
    response.end('data: [DONE]\n\n');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answerNext(answer: FakeAnswer) {
      next = answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
