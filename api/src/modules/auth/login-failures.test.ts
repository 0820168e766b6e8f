import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { useMailCatcher } from '../../test/test-mail';
import { slowDownOf } from './login-failures';

useTestDatabase();
const mail = useMailCatcher();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';

const logInFrom = (address: string, email: string, tried: string) =>
  request(app).post('/api/v1/auth/login').set('X-Forwarded-For', address).send({ email, password: tried });

describe('failed sign-ins', () => {
  it('slow further tries down ever more, from ten failures on, up to eight seconds; never a lock', () => {
    expect([0, 9, 10, 11, 12, 13, 14, 15, 50].map(slowDownOf)).toEqual([0, 0, 500, 1000, 2000, 4000, 8000, 8000, 8000]);
  });

  it('by a stranger from many addresses neither lock the owner out nor slow the owner’s browser, and are mailed once', {
    tags: ['reliability'],
  }, async () => {
    const owner = createTestAgent(app);
    await signUpAndSignIn(
      owner,
      { name: 'Petra', email: 'petra@example.com', password, locale: 'de' },
      { headers: { 'X-Forwarded-For': '192.0.2.10' } },
    );

    // 35 wrong guesses at once, each from an address of its own (a botnet).
    const guesses = await Promise.all(
      Array.from({ length: 35 }, (_, index) =>
        logInFrom(`198.51.100.${index + 1}`, 'petra@example.com', `guess ${index}`),
      ),
    );
    expect(guesses.map((response) => response.status)).toEqual(Array(35).fill(401));

    // The owner's browser signed in before: it signs in as always.
    await owner.post('/api/v1/auth/logout').expect(204);
    await owner
      .post('/api/v1/auth/login')
      .set('X-Forwarded-For', '192.0.2.10')
      .send({ email: 'petra@example.com', password })
      .expect(200);
    // A new browser of the owner's waits, and then signs in too.
    await logInFrom('192.0.2.11', 'Petra@Example.com', password).expect(200);

    const warning = await mail.waitForMail('petra@example.com', /fehlgeschlagene Anmeldungen/);
    expect(warning.text).toContain('20-mal');
    expect(warning.text).toContain('/forgot-password');
    await logInFrom('198.51.100.99', 'petra@example.com', 'one more guess').expect(401);
    expect(mail.countMailsTo('petra@example.com', /fehlgeschlagene Anmeldungen/)).toBe(1);
  });
});
