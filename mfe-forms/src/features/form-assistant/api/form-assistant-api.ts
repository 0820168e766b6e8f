import {
  type AssistantEvent,
  type AssistantProvider,
  assistantEventSchema,
  assistantStreamContentType,
  errorBodySchema,
  type FormAssistantRequest,
} from '@formwerk/contracts';
import { ApiError, apiRequest, csrfTokenHeader } from '@formwerk/platform';

export const findProvider = () => apiRequest<AssistantProvider>('/forms/assistant/provider');

/** An error answered before the stream began, with when to try again if the api said so. */
async function errorOf(response: Response): Promise<ApiError> {
  const body = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  const retryAfter = Number(response.headers.get('Retry-After'));
  const details = body.success ? body.data.error.details : undefined;
  return new ApiError(
    body.success ? body.data.error.code : 'INTERNAL',
    response.status,
    retryAfter > 0 ? { ...(typeof details === 'object' ? details : {}), retryAfterSeconds: retryAfter } : details,
  );
}

/**
 * POST /forms/assistant, read as it arrives: each line of the answer is one event, checked with the
 * contract before `onEvent` sees it, so an invalid proposal never reaches the page. Rejects with an
 * ApiError for an answer that is no stream (signed out, limit reached), NETWORK when the connection
 * drops, and with the abort's reason when `signal` ends it.
 */
export async function streamProposal(
  body: FormAssistantRequest,
  { signal, onEvent }: { signal: AbortSignal; onEvent: (event: AssistantEvent) => void },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/v1/forms/assistant', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: assistantStreamContentType, ...csrfTokenHeader() },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError('NETWORK', 0);
  }
  if (!response.ok || !response.body) throw await errorOf(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const take = (line: string) => {
    if (!line.trim()) return;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      throw new ApiError('ASSISTANT_INVALID_OUTPUT', 200);
    }
    const event = assistantEventSchema.safeParse(data);
    if (!event.success) throw new ApiError('ASSISTANT_INVALID_OUTPUT', 200);
    onEvent(event.data);
  };
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true });
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) take(line);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    if (signal.aborted || error instanceof ApiError) throw error;
    throw new ApiError('NETWORK', 0);
  }
  take(buffer + decoder.decode());
}
