import type { Express } from 'express';
import { addTeamMember } from '../modules/teams/teams.service';
import { findUserByEmail, markEmailVerified } from '../modules/users/users.service';
import { createTestAgent, type TestAgent } from './test-agent';

type NewAccount = { name: string; email: string; password: string; locale?: 'de' | 'en' };

/**
 * Signs up through the api, confirms the address as its mailed link would (that link is tested with a
 * real SMTP server in account-mail.router.test.ts) and signs `agent` in. Answers the sign-in response:
 * `body` is the session (`user`, `teamId`), its headers carry the cookies. `headers` go with both
 * requests (a browser's User-Agent, an address of its own in X-Forwarded-For).
 */
export async function signUpAndSignIn(
  agent: TestAgent,
  account: NewAccount,
  { headers = {} }: { headers?: Record<string, string> } = {},
) {
  await agent.post('/api/v1/auth/sign-up').set(headers).send(account).expect(202);
  const user = await findUserByEmail(account.email.trim().toLowerCase());
  if (!user) throw new Error(`Signing up ${account.email} stored no account`);
  await markEmailVerified(user._id.toString());
  return agent
    .post('/api/v1/auth/login')
    .set(headers)
    .send({ email: account.email, password: account.password })
    .expect(200);
}

/** A person of a test: their signed-in agent, their account and the team they signed up with. */
export type TestPerson = { agent: TestAgent; userId: string; teamId: number; email: string };

let people = 0;

/**
 * Signs a new person up on `app` and in, with a team of their own; the address is made unique
 * (`person-<n>@example.com`) unless `email` is given.
 */
export async function signUpPerson(
  app: Express,
  name: string,
  { locale, email }: { locale?: 'de' | 'en'; email?: string } = {},
): Promise<TestPerson> {
  people += 1;
  const address = email ?? `person-${people}@example.com`;
  const agent = createTestAgent(app);
  const session = await signUpAndSignIn(agent, {
    name,
    email: address,
    password: 'correct horse battery',
    ...(locale ? { locale } : {}),
  });
  return { agent, userId: session.body.user.id, teamId: session.body.teamId, email: address };
}

/** A new member of `owner`'s team, with that team as the session's current one. */
export async function signUpMemberOf(
  app: Express,
  owner: TestPerson,
  name: string,
  options: { locale?: 'de' | 'en'; email?: string } = {},
): Promise<TestPerson> {
  const person = await signUpPerson(app, name, options);
  await addTeamMember(owner.teamId, person.userId, 'member');
  await person.agent.post('/api/v1/teams/current').send({ teamId: owner.teamId }).expect(200);
  return { ...person, teamId: owner.teamId };
}
