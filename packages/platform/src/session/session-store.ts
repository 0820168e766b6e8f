import type { CurrentUserDto } from '@formwerk/contracts';
import Cookies from 'js-cookie';
import { create } from 'zustand';

/** The `me` cookie (ARCHITECTURE.md §3): the current user as the api last described it. */
export type CurrentUser = CurrentUserDto;

type SessionState = {
  user: CurrentUser | null;
  teamId: number | null;
  /** Re-reads the `me` and `team` cookies; the api sets and clears them together with `token`. */
  readCookies: () => void;
  /** Forgets the session in the UI (after a 401 or a logout). */
  clear: () => void;
};

const meCookieName = 'me';
const teamCookieName = 'team';
// The session's CSRF token, which the api client sends back in a header (docs/decisions/007).
export const csrfCookieName = 'csrf';

// Parsed by hand rather than with the contract's zod schema, to keep zod out of every page's bundle.
function parseCurrentUser(raw: string | undefined): CurrentUser | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const user = value as Partial<CurrentUser>;
    return {
      id: String(user.id ?? ''),
      name: String(user.name ?? ''),
      email: String(user.email ?? ''),
      locale: user.locale === 'en' ? 'en' : 'de',
      survey: user.survey === true,
      emailVerified: user.emailVerified !== false,
      ownedTeamIds: Array.isArray(user.ownedTeamIds) ? user.ownedTeamIds.filter(Number.isInteger) : [],
    };
  } catch {
    return null;
  }
}

function parseTeamId(raw: string | undefined): number | null {
  const teamId = Number(raw);
  return raw && Number.isInteger(teamId) ? teamId : null;
}

function readSessionCookies() {
  return { user: parseCurrentUser(Cookies.get(meCookieName)), teamId: parseTeamId(Cookies.get(teamCookieName)) };
}

export const useSessionStore = create<SessionState>()((set) => ({
  ...readSessionCookies(),
  readCookies: () => set(readSessionCookies()),
  clear: () => {
    for (const name of [meCookieName, teamCookieName, csrfCookieName]) Cookies.remove(name, { path: '/' });
    set({ user: null, teamId: null });
  },
}));

export function isTeamOwner(user: CurrentUser | null, teamId: number | null): boolean {
  return user !== null && teamId !== null && user.ownedTeamIds.includes(teamId);
}
