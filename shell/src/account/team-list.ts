import type { TeamListResponse } from '@formwerk/contracts';
import { apiRequest, matchLocalizedRoute, useSessionStore } from '@formwerk/platform';

// A list asked for ahead is taken by the header within this long, or asked for again.
const prefetchedForMs = 10_000;

let prefetched: { key: string; at: number; answer: Promise<TeamListResponse> } | undefined;

const keyOf = (userId: string, teamId: number | null) => `${userId}:${teamId ?? ''}`;

/**
 * The current user's teams for the team switcher. The first call for the user and team the page
 * was loaded with takes the answer `prefetchTeams` asked for at start; every later call asks anew.
 */
export function fetchTeams(userId: string, teamId: number | null): Promise<TeamListResponse> {
  const ahead = prefetched;
  prefetched = undefined;
  if (ahead && ahead.key === keyOf(userId, teamId) && Date.now() - ahead.at < prefetchedForMs) return ahead.answer;
  return apiRequest<TeamListResponse>('/teams');
}

/**
 * Asks for the teams when the shell starts on a page of the signed-in area (whose header shows the
 * switcher), so the answer comes while the area's code loads instead of after it.
 */
export function prefetchTeams(pathname: string): void {
  const { user, teamId } = useSessionStore.getState();
  if (!user || matchLocalizedRoute(pathname)?.route.layout !== 'main') return;
  const answer = apiRequest<TeamListResponse>('/teams');
  // Nobody may take it (a guard sends the user elsewhere): its failure is then nobody's concern.
  answer.catch(() => undefined);
  prefetched = { key: keyOf(user.id, teamId), at: Date.now(), answer };
}
