import { currentUserSchema, sessionResponseSchema } from '@formwerk/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { SessionModel } from '../sessions/session.model';
import { UserModel } from '../users/user.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

let accountCount = 0;
function newAccount() {
  accountCount += 1;
  return { name: `Ada ${accountCount}`, email: `ada${accountCount}@example.com`, password: 'correct horse battery' };
}

function cookiesOf(response: request.Response): Record<string, string> {
  const header = response.headers['set-cookie'] as unknown as string[] | undefined;
  return Object.fromEntries((header ?? []).map((cookie) => [cookie.split('=')[0], cookie]));
}

function cookieValue(cookie: string | undefined): string {
  return decodeURIComponent(cookie?.split(';')[0]?.split('=').slice(1).join('=') ?? '');
}

describe('sign-up', () => {
  it('answers 202 without a session; the account waits, unconfirmed, with an argon2id hash of the password', async () => {
    const account = newAccount();
    const response = await request(app).post('/api/v1/auth/sign-up').send(account).expect(202);

    expect(response.body).toEqual({});
    expect(cookiesOf(response)).toEqual({});
    const stored = await UserModel.findOne({ email: account.email }).lean();
    expect(stored).toMatchObject({ name: account.name, locale: 'de', survey: true, emailVerifiedAt: null });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a known address (in any letter case) exactly like a new one and leaves its account as it was', async () => {
    const account = newAccount();
    const first = await request(app).post('/api/v1/auth/sign-up').send(account).expect(202);
    const before = await UserModel.findOne({ email: account.email }).lean();
    const again = await request(app)
      .post('/api/v1/auth/sign-up')
      .send({ ...account, name: 'Someone else', email: account.email.toUpperCase(), password: 'another password' })
      .expect(202);

    expect(again.body).toEqual(first.body);
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(first.headers).sort());
    expect(await UserModel.find({ email: account.email }).lean()).toEqual([before]);
  });

  it('gives every new account its own numeric team id', async () => {
    const first = await signUpAndSignIn(createTestAgent(app), newAccount());
    const second = await signUpAndSignIn(createTestAgent(app), newAccount());
    expect(second.body.teamId).toBeGreaterThan(first.body.teamId);
  });

  it('when the password is too short or a field is unknown, answers 400 with the fields', async () => {
    const short = await request(app)
      .post('/api/v1/auth/sign-up')
      .send({ ...newAccount(), password: 'short' })
      .expect(400);
    expect(short.body.error.details.issues[0].path).toEqual(['password']);
    await request(app)
      .post('/api/v1/auth/sign-up')
      .send({ ...newAccount(), isAdmin: true })
      .expect(400);
  });
});

describe('login, session and logout', () => {
  it('signs in a confirmed account with its personal team and sets token, team and me together', async () => {
    const account = newAccount();
    const response = await signUpAndSignIn(createTestAgent(app), account);

    const body = sessionResponseSchema.parse(response.body);
    expect(body.user).toMatchObject({ name: account.name, email: account.email, locale: 'de', survey: true });
    expect(body.user.ownedTeamIds).toEqual([body.teamId]);
    expect(JSON.stringify(body)).not.toContain('passwordHash');
    const cookies = cookiesOf(response);
    expect(cookies.token).toMatch(/HttpOnly/);
    expect(cookies.token).toMatch(/SameSite=Lax/);
    expect(cookies.token).not.toMatch(/Max-Age/); // a browser-session cookie without remember-me
    expect(cookieValue(cookies.team)).toBe(String(body.teamId));
    expect(currentUserSchema.parse(JSON.parse(cookieValue(cookies.me)))).toEqual(body.user);
    expect(cookies.me).not.toMatch(/HttpOnly/);
  });

  it('the right password of an unconfirmed account answers 403 EMAIL_NOT_VERIFIED, a wrong one 401 as for anyone', async () => {
    const account = newAccount();
    await request(app).post('/api/v1/auth/sign-up').send(account).expect(202);
    const right = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: account.email, password: account.password })
      .expect(403);
    expect(right.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(cookiesOf(right).token).toBeUndefined();
    const wrong = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: account.email, password: 'not the password' })
      .expect(401);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('signs in with email and password and answers the session until logout revokes it', async () => {
    const account = newAccount();
    const agent = createTestAgent(app);
    await signUpAndSignIn(agent, account);

    const session = await agent.get('/api/v1/auth/session').expect(200);
    expect(session.body.user.email).toBe(account.email);
    expect(session.headers['cache-control']).toBe('no-store');

    const credentials = { email: account.email, password: account.password };
    const login = cookiesOf(await agent.post('/api/v1/auth/login').send(credentials).expect(200));
    const token = cookieValue(login.token);
    await request(app)
      .post('/api/v1/auth/logout')
      .set('Cookie', `token=${token}`)
      .set('X-CSRF-Token', cookieValue(login.csrf))
      .expect(204);
    const revoked = await request(app).get('/api/v1/auth/session').set('Cookie', `token=${token}`).expect(401);
    expect(revoked.body.error.code).toBe('UNAUTHENTICATED');
    expect(cookiesOf(revoked).me).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it('when the password is wrong or the email unknown, answers the same 401 INVALID_CREDENTIALS', async () => {
    const account = newAccount();
    await signUpAndSignIn(createTestAgent(app), account);
    const wrong = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: account.email, password: 'not the password' })
      .expect(401);
    const unknown = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: 'nobody@example.com', password: 'not the password' })
      .expect(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error.code).toBe('INVALID_CREDENTIALS');
  });

  it('with remember me, keeps all three cookies 30 days; without, the server ends the session after 12 hours', async () => {
    const account = newAccount();
    await signUpAndSignIn(createTestAgent(app), account);
    const remembered = cookiesOf(
      await request(app)
        .post('/api/v1/auth/login')
        .send({ email: account.email, password: account.password, rememberMe: true })
        .expect(200),
    );
    for (const name of ['token', 'team', 'me']) expect(remembered[name]).toMatch(/Max-Age=2592000/);

    const before = Date.now();
    const token = cookieValue(
      cookiesOf(
        await request(app).post('/api/v1/auth/login').send({ email: account.email, password: account.password }),
      ).token,
    );
    const sessions = await SessionModel.find({ isRemembered: false }).sort({ createdAt: -1 }).limit(1).lean();
    const lifetime = (sessions[0]?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(12 * 3_600_000 + 60_000);

    // Once expired, the token no longer opens the session.
    await SessionModel.updateOne({ _id: sessions[0]?._id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    await request(app).get('/api/v1/auth/session').set('Cookie', `token=${token}`).expect(401);
  });

  it('refuses operator objects in place of values', async () => {
    const response = await request(app)
      .post('/api/v1/auth/login')
      .send({ email: { $ne: null }, password: { $ne: null } })
      .expect(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    await request(app).get('/api/v1/auth/session').set('Cookie', 'token=j%3A%7B%22%24ne%22%3Anull%7D').expect(401);
  });

  it('without a token, answers 401 and clears the cookies', async () => {
    const response = await request(app).get('/api/v1/auth/session').expect(401);
    expect(Object.keys(cookiesOf(response)).sort()).toEqual(['csrf', 'me', 'team', 'token']);
  });
});
