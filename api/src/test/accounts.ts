import { findUserByEmail, markEmailVerified } from '../modules/users/users.service';
import type { TestAgent } from './test-agent';

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
