import type { NotificationSummary } from '@formwerk/contracts';
import { create } from 'zustand';
import { apiRequest } from '../http/api-client';

type NotificationState = {
  /** The bell's figures; null until the first answer (or when signed out). */
  summary: NotificationSummary | null;
  setSummary: (summary: NotificationSummary | null) => void;
  /** Asks the api again, e.g. after this page changed notifications and cannot wait for the stream. */
  refresh: () => Promise<void>;
};

/**
 * The signed-in user's notifications as the shell's one event stream last told them. A singleton of
 * the platform (shared by the shell and every remote), so the bell and the notifications page agree.
 */
export const useNotificationStore = create<NotificationState>()((set) => ({
  summary: null,
  setSummary: (summary) => set({ summary }),
  refresh: async () => set({ summary: await apiRequest<NotificationSummary>('/notifications/summary') }),
}));

/**
 * Opens the stream of the user's notifications (server-sent events) and keeps the store current;
 * the browser reconnects by itself after a network loss or an api restart. Returns the close.
 */
export function connectNotificationStream(): () => void {
  // Every browser has it; jsdom (component tests) does not.
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource('/api/v1/notifications/stream', { withCredentials: true });
  source.addEventListener('summary', (event) => {
    useNotificationStore.getState().setSummary(JSON.parse((event as MessageEvent<string>).data) as NotificationSummary);
  });
  return () => {
    source.close();
    useNotificationStore.getState().setSummary(null);
  };
}
