import type { APIRequestContext, BrowserContext } from '@playwright/test';

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

/** A real account through the api; its cookies land in the context the request belongs to. */
export async function signUp(api: APIRequestContext, name = 'Ada Lovelace') {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const response = await api.post('/api/v1/auth/sign-up', { data: { name, email, password: 'e2e password 1234' } });
  if (response.status() !== 201) throw new Error(`Sign-up answered ${response.status()}`);
  return { email };
}

export async function answerSurvey(api: APIRequestContext) {
  const response = await api.post('/api/v1/survey', { data: { role: 'it', teamSize: '1' } });
  if (response.status() !== 200) throw new Error(`The survey answered ${response.status()}`);
}
