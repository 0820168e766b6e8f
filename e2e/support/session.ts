import type { BrowserContext } from '@playwright/test';

export type TestUser = { survey?: boolean; ownedTeamIds?: number[]; name?: string };

/**
 * Sets the `me` and `team` cookies the api will set (ARCHITECTURE.md §3). Until the accounts issue
 * lands, these cookies are the session the shell's guards read.
 */
export async function signIn(context: BrowserContext, baseURL: string, user: TestUser = {}, teamId = 1) {
  const me = {
    id: 'user-1',
    name: user.name ?? 'Ada Lovelace',
    email: 'ada@example.com',
    locale: 'de',
    survey: user.survey ?? false,
    ownedTeamIds: user.ownedTeamIds ?? [1],
  };
  await context.addCookies([
    { name: 'me', value: encodeURIComponent(JSON.stringify(me)), url: baseURL },
    { name: 'team', value: String(teamId), url: baseURL },
  ]);
}
