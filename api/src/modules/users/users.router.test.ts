import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';

async function signUpAndLogInTwice(email: string) {
  const first = createTestAgent(app);
  await signUpAndSignIn(first, { name: 'Ada', email, password }, { headers: { 'User-Agent': 'Firefox on Linux' } });
  const second = createTestAgent(app);
  await second.post('/api/v1/auth/login').set('User-Agent', 'Safari on iPhone').send({ email, password }).expect(200);
  return { first, second };
}

describe('profile', () => {
  it('changes name and language and refreshes the me cookie', async () => {
    const { first } = await signUpAndLogInTwice('profile1@example.com');
    const response = await first.patch('/api/v1/profile').send({ name: 'Ada King', locale: 'en' }).expect(200);
    expect(response.body.user).toMatchObject({ name: 'Ada King', locale: 'en' });
    const me = (response.headers['set-cookie'] as unknown as string[]).find((cookie) => cookie.startsWith('me='));
    expect(decodeURIComponent(me ?? '')).toContain('"name":"Ada King"');
    await first.patch('/api/v1/profile').send({}).expect(400);
  });

  it('changes the password only with the current one, then signs out every other session', async () => {
    const { first, second } = await signUpAndLogInTwice('profile2@example.com');
    const wrong = await first
      .post('/api/v1/profile/password')
      .send({ currentPassword: 'not it', newPassword: 'a brand new password' })
      .expect(400);
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    await second.get('/api/v1/auth/session').expect(200);

    await first
      .post('/api/v1/profile/password')
      .send({ currentPassword: password, newPassword: 'a brand new password' })
      .expect(204);
    await first.get('/api/v1/auth/session').expect(200);
    await second.get('/api/v1/auth/session').expect(401);
    await request(app)
      .post('/api/v1/auth/login')
      .send({ email: 'profile2@example.com', password: 'a brand new password' })
      .expect(200);
  });
});

describe('active sessions', () => {
  it('lists the sessions with device and last use, marks the current one, and revokes another', async () => {
    const { first, second } = await signUpAndLogInTwice('sessions1@example.com');
    const listed = await first.get('/api/v1/sessions').expect(200);
    expect(listed.body.sessions).toHaveLength(2);
    const other = listed.body.sessions.find((session: { isCurrent: boolean }) => !session.isCurrent);
    expect(other.userAgent).toBe('Safari on iPhone');
    expect(Date.parse(other.lastUsedAt)).not.toBeNaN();

    await first.delete(`/api/v1/sessions/${other.id}`).expect(204);
    await second.get('/api/v1/auth/session').expect(401);
    expect((await first.get('/api/v1/sessions').expect(200)).body.sessions).toHaveLength(1);
  });

  it("answers 404 for another user's session, an unknown id, and a malformed one", async () => {
    const alice = await signUpAndLogInTwice('sessions2@example.com');
    const bob = await signUpAndLogInTwice('sessions3@example.com');
    const bobsSession = (await bob.first.get('/api/v1/sessions').expect(200)).body.sessions[0].id;
    await alice.first.delete(`/api/v1/sessions/${bobsSession}`).expect(404);
    await bob.first.get('/api/v1/auth/session').expect(200);
    await alice.first.delete('/api/v1/sessions/000000000000000000000000').expect(404);
    await alice.first.delete('/api/v1/sessions/not-an-id').expect(404);
    await request(app).get('/api/v1/sessions').expect(401);
  });
});
