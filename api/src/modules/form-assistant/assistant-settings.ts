import type { AssistantProvider } from '@formwerk/contracts';

export type AssistantSettings = {
  /** The chat-completions endpoint's base (AI_BASE_URL, without a trailing slash); none: offline. */
  baseUrl: string | undefined;
  /** Its bearer token (AI_API_KEY); a model on this machine may need none. */
  apiKey: string | undefined;
  /** The model's name (AI_MODEL). */
  model: string | undefined;
  /** How long a proposal may take before it is given up (the model's whole answer, not its first byte). */
  timeoutMs?: number;
};

export type AssistantModel = { baseUrl: string; apiKey: string | undefined; model: string; timeoutMs: number };

const defaultModel = 'gpt-4o-mini';
// A proposal of a long form streams for 20–40 s from the models we tried; a minute leaves room for a
// busy provider, and the shell's proxy (60 s of silence) never cuts a stream that sends progress.
const defaultTimeoutMs = 60_000;

let configured: AssistantModel | null = null;

/** Set up at start from the config; without a base URL the assistant works offline. */
export function configureAssistant(settings: AssistantSettings): void {
  configured = settings.baseUrl
    ? {
        baseUrl: settings.baseUrl.replace(/\/+$/, ''),
        apiKey: settings.apiKey,
        model: settings.model ?? defaultModel,
        timeoutMs: settings.timeoutMs ?? defaultTimeoutMs,
      }
    : null;
}

/** The model proposals come from, or null: offline. */
export function configuredModel(): AssistantModel | null {
  return configured;
}

/** What the builder shows its authors about where their descriptions go: the model and its host, never the key or path. */
export function findProvider(): AssistantProvider {
  if (!configured) return { mode: 'offline' };
  return { mode: 'model', model: configured.model, host: new URL(configured.baseUrl).host };
}
