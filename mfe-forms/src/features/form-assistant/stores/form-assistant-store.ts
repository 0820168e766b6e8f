import {
  type AssistantEvent,
  type AssistantProposal,
  type AssistantProvider,
  type AssistantTurn,
  assistantHistoryLimit,
  type FormDefinition,
} from '@formwerk/contracts';
import { ApiError, errorKeys } from '@formwerk/platform';
import { create } from 'zustand';
import { findProvider, streamProposal } from '../api/form-assistant-api';

type Progress = Extract<AssistantEvent, { type: 'progress' }>;

/** An explained failure: its message key and the values the message names. */
export type AssistantError = { key: string; values?: Record<string, number> };

type FormAssistantState = {
  provider: AssistantProvider | null;
  isProviderFailed: boolean;
  /** The conversation so far, sent along with each follow-up (bounded); `id` only names a turn on the page. */
  turns: (AssistantTurn & { id: number })[];
  proposal: AssistantProposal | null;
  isWorking: boolean;
  progress: Progress | null;
  error: AssistantError | null;
  /** The changes of the proposal the author unticked; any other is applied with "Auswahl übernehmen". */
  excluded: ReadonlySet<string>;
  /** What the last step ended with, for the status line. */
  outcome: { kind: 'applied'; count: number } | { kind: 'cancelled' } | null;
  loadProvider: () => Promise<void>;
  /** Asks for a proposal from `definition`, or refines the proposal there is. */
  ask: (description: string, definition: FormDefinition) => Promise<void>;
  cancel: () => void;
  toggleChange: (changeId: string) => void;
  excludeChanges: (changeIds: readonly string[]) => void;
  markApplied: (count: number) => void;
  failApply: () => void;
  startOver: () => void;
  /** The builder closes: the conversation ends, and the provider is asked again next time. */
  leave: () => void;
};

// The codes the assistant explains in its own words besides those of every call.
const toErrorKey = errorKeys('assistant.errors', [
  'ASSISTANT_LIMIT_REACHED',
  'ASSISTANT_UNAVAILABLE',
  'ASSISTANT_TIMEOUT',
  'ASSISTANT_REFUSED',
  'ASSISTANT_INVALID_OUTPUT',
  'ASSISTANT_NOTHING_RECOGNIZED',
  'APPLY_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
]);

function toAssistantError(error: unknown): AssistantError {
  const key = toErrorKey(error);
  if (!(error instanceof ApiError) || error.code !== 'ASSISTANT_LIMIT_REACHED') return { key };
  const details = (error.details ?? {}) as { limit?: number; retryAfterSeconds?: number };
  return {
    key,
    values: { limit: details.limit ?? 30, minutes: Math.max(1, Math.ceil((details.retryAfterSeconds ?? 3600) / 60)) },
  };
}

const fresh = {
  turns: [],
  proposal: null,
  isWorking: false,
  progress: null,
  error: null,
  excluded: new Set<string>(),
  outcome: null,
} satisfies Partial<FormAssistantState>;

let running: AbortController | null = null;
let turnCount = 0;

export const useFormAssistantStore = create<FormAssistantState>()((set, get) => ({
  provider: null,
  isProviderFailed: false,
  ...fresh,

  loadProvider: async () => {
    if (get().provider) return;
    try {
      set({ provider: await findProvider(), isProviderFailed: false });
    } catch {
      set({ isProviderFailed: true });
    }
  },

  ask: async (description, definition) => {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const { proposal, turns } = get();
    set({ isWorking: true, progress: null, error: null, outcome: null });
    let isAnswered = false;
    const onEvent = (event: AssistantEvent) => {
      if (event.type === 'progress') return set({ progress: event });
      isAnswered = true;
      if (event.type === 'error') return set({ error: toAssistantError(event.error.code) });
      const answered: AssistantTurn[] = [
        { role: 'user', text: description },
        ...(event.proposal.explanation.trim()
          ? [{ role: 'assistant' as const, text: event.proposal.explanation }]
          : []),
      ];
      turnCount += answered.length;
      const numbered = answered.map((turn, index) => ({ ...turn, id: turnCount - answered.length + index }));
      set({
        proposal: event.proposal,
        excluded: new Set(),
        turns: [...turns, ...numbered].slice(-assistantHistoryLimit),
      });
    };
    try {
      await streamProposal(
        {
          description,
          language: definition.language,
          currentDefinition: proposal?.definition ?? definition,
          history: turns.map(({ role, text }) => ({ role, text })),
        },
        { signal: controller.signal, onEvent },
      );
      // A stream that ends without an answer was cut on its way.
      if (!isAnswered) set({ error: toAssistantError(new ApiError('NETWORK', 0)) });
    } catch (error) {
      // A request replaced by a newer one ends quietly; one the author cancelled says so.
      if (running !== controller) return;
      if (controller.signal.aborted) set({ outcome: { kind: 'cancelled' } });
      else set({ error: toAssistantError(error) });
    } finally {
      if (running === controller) {
        running = null;
        set({ isWorking: false, progress: null });
      }
    }
  },

  cancel: () => running?.abort(),

  toggleChange: (changeId) => {
    const excluded = new Set(get().excluded);
    if (excluded.has(changeId)) excluded.delete(changeId);
    else excluded.add(changeId);
    set({ excluded, outcome: null });
  },

  excludeChanges: (changeIds) => set({ excluded: new Set(changeIds), outcome: null }),

  markApplied: (count) => set({ outcome: { kind: 'applied', count }, error: null, excluded: new Set() }),

  failApply: () => set({ error: toAssistantError('APPLY_FAILED') }),

  startOver: () => {
    running?.abort();
    set(fresh);
  },

  leave: () => {
    running?.abort();
    set({ ...fresh, provider: null, isProviderFailed: false });
  },
}));
