import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { linkOf, testPublicUrl, useMailCatcher } from '../../test/test-mail';
import { LinkTokenModel } from './link-token.model';

useTestDatabase();
const mailbox = useMailCatcher();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';

function pathOf(link: URL): string {
  expect(link.origin).toBe(testPublicUrl);
  return `${link.pathname}${link.search}`;
}

describe('the whole account story over HTTP and SMTP', () => {
  it('sign-up → verification mail → its link signs in → survey → login elsewhere → reset → logout', async () => {
    const email = 'story@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Grete', email, password }).expect(202);

    // The verification mail, in German (the account's language), links through the api.
    const verification = await mailbox.waitForMail(email, /E-Mail-Adresse/);
    expect(verification.from).toBe('no-reply@forms.test');
    expect(verification.text).toContain('Hallo Grete,');
    expect(verification.html).toContain('E-Mail-Adresse bestätigen');
    const verifyLink = linkOf(verification);
    expect(verifyLink.pathname).toBe('/api/v1/auth/verify');

    // Opened in a browser, it confirms the address, signs in and lands where the v1 guard sends a new
    // account: the survey.
    const browser = createTestAgent(app);
    const opened = await browser.get(pathOf(verifyLink)).expect(303);
    expect(opened.headers.location).toBe('/v1/survey?verified=true');
    const session = await browser.get('/api/v1/auth/session').expect(200);
    expect(session.body.user).toMatchObject({ email, survey: true, emailVerified: true });
    // A second click finds the link used; a guest lands on the /verify page.
    const again = await request(app).get(pathOf(verifyLink)).expect(303);
    expect(again.headers.location).toBe('/verify?result=invalid');

    await browser.post('/api/v1/survey').send({ role: 'it', teamSize: '2-10', goal: 'surveys' }).expect(200);
    const elsewhere = createTestAgent(app);
    await elsewhere.post('/api/v1/auth/login').send({ email, password }).expect(200);

    // Forgot password: the same neutral answer, a reset link valid one hour.
    await request(app).post('/api/v1/auth/forgot-password').send({ email: 'STORY@example.com' }).expect(204);
    const reset = await mailbox.waitForMail(email, /Passwort zurücksetzen/);
    const resetLink = linkOf(reset);
    expect(resetLink.pathname).toBe('/reset');
    const token = resetLink.searchParams.get('token') ?? '';
    const stored = await LinkTokenModel.findOne({ purpose: 'reset-password' }).lean();
    const validity = (stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt?.getTime() ?? 0);
    expect(Math.round(validity / 60_000)).toBe(60);

    const guest = createTestAgent(app);
    const newPassword = 'a completely new one';
    const afterReset = await guest
      .post('/api/v1/auth/reset-password')
      .send({ token, password: newPassword })
      .expect(200);
    expect(afterReset.body.user.email).toBe(email);
    // Every earlier session is signed out; the link works once; the new password works.
    await browser.get('/api/v1/auth/session').expect(401);
    await elsewhere.get('/api/v1/auth/session').expect(401);
    const reused = await request(app).post('/api/v1/auth/reset-password').send({ token, password: newPassword });
    expect(reused.status).toBe(400);
    expect(reused.body.error.code).toBe('LINK_INVALID');
    await request(app).post('/api/v1/auth/login').send({ email, password }).expect(401);
    await request(app).post('/api/v1/auth/login').send({ email, password: newPassword }).expect(200);

    await guest.post('/api/v1/auth/logout').expect(204);
    await guest.get('/api/v1/auth/session').expect(401);
  });

  it('mails an English account in English, with links under /en', async () => {
    const email = 'english@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Ann', email, password, locale: 'en' }).expect(202);
    const verification = await mailbox.waitForMail(email, /confirm your email/);
    expect(verification.text).toContain('Hello Ann,');
    const landed = await request(app)
      .get(pathOf(linkOf(verification)))
      .expect(303);
    expect(landed.headers.location).toBe('/en/v1/survey?verified=true');

    await request(app).post('/api/v1/auth/forgot-password').send({ email }).expect(204);
    const reset = await mailbox.waitForMail(email, /Reset your password/);
    expect(linkOf(reset).pathname).toBe('/en/reset');
  });

  it('for an unknown email answers forgot-password exactly as for a known one and mails nothing', async () => {
    const known = 'known@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Kay', email: known, password }).expect(202);
    const forKnown = await request(app).post('/api/v1/auth/forgot-password').send({ email: known }).expect(204);
    const forUnknown = await request(app)
      .post('/api/v1/auth/forgot-password')
      .send({ email: 'unknown@example.com' })
      .expect(204);
    expect(forUnknown.text).toBe(forKnown.text);
    await mailbox.waitForMail(known, /Passwort/);
    expect(mailbox.countMailsTo('unknown@example.com')).toBe(0);
  });

  it('uses a reset link once even when it is sent twice at the same moment', async () => {
    const email = 'twice@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Tw', email, password }).expect(202);
    // From an address of its own: this file asks for more reset links than one IP may in an hour.
    await request(app)
      .post('/api/v1/auth/forgot-password')
      .set('X-Forwarded-For', '192.0.2.77')
      .send({ email })
      .expect(204);
    const token = linkOf(await mailbox.waitForMail(email, /Passwort/)).searchParams.get('token') ?? '';
    const attempts = await Promise.all(
      ['first new password', 'second new password'].map((newOne) =>
        request(app).post('/api/v1/auth/reset-password').send({ token, password: newOne }),
      ),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([200, 400]);
  });

  it('refuses an expired reset link and a malformed token', async () => {
    const email = 'expired@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Eve', email, password }).expect(202);
    await request(app).post('/api/v1/auth/forgot-password').send({ email }).expect(204);
    const token = linkOf(await mailbox.waitForMail(email, /Passwort/)).searchParams.get('token') ?? '';
    await LinkTokenModel.updateMany(
      { purpose: 'reset-password' },
      { $set: { expiresAt: new Date(Date.now() - 1000) } },
    );
    const expired = await request(app).post('/api/v1/auth/reset-password').send({ token, password: 'long enough now' });
    expect(expired.body.error.code).toBe('LINK_INVALID');
    const malformed = await request(app)
      .post('/api/v1/auth/reset-password')
      .send({ token: { $ne: null }, password: 'long enough now' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('a sign-up with a known address mails its owner, in their language, a reset link instead', async () => {
    const email = 'owner@example.com';
    await signUpAndSignIn(createTestAgent(app), { name: 'Olga', email, password, locale: 'en' });
    await request(app)
      .post('/api/v1/auth/sign-up')
      .send({ name: 'Mallory', email: 'Owner@Example.com', password: 'mallory password' })
      .expect(202);

    const notice = await mailbox.waitForMail(email, /already have a Formwerk account/);
    expect(notice.text).toContain('Hello Olga,');
    expect(linkOf(notice).pathname).toBe('/en/reset');
    // The password Mallory chose opens nothing; the owner's still does.
    await request(app).post('/api/v1/auth/login').send({ email, password: 'mallory password' }).expect(401);
    await request(app).post('/api/v1/auth/login').send({ email, password }).expect(200);
  });

  it('someone else registered the address: its owner takes it back with the reset link, which confirms it', async () => {
    const email = 'squatted@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Squatter', email, password }).expect(202);
    await request(app)
      .post('/api/v1/auth/sign-up')
      .send({ name: 'Sam', email, password: 'the owner password' })
      .expect(202);
    const token = linkOf(await mailbox.waitForMail(email, /bereits ein Konto/)).searchParams.get('token') ?? '';

    const owner = createTestAgent(app);
    await owner.post('/api/v1/auth/reset-password').send({ token, password: 'the owner password' }).expect(200);
    expect((await owner.get('/api/v1/auth/session').expect(200)).body.user.emailVerified).toBe(true);
    await request(app).post('/api/v1/auth/login').send({ email, password }).expect(401);
  });

  it('an unconfirmed account signing in with its password, or asking for it, gets a new link; a confirmed one none', async () => {
    const email = 'resend@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Rae', email, password }).expect(202);
    const first = await mailbox.waitForMail(email, /E-Mail-Adresse/);

    const refused = await request(app).post('/api/v1/auth/login').send({ email, password }).expect(403);
    expect(refused.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    await mailbox.waitForMail(email, /E-Mail-Adresse/, { after: 1 });
    await request(app).post('/api/v1/auth/verify-mail').send({ email }).expect(204);
    const third = await mailbox.waitForMail(email, /E-Mail-Adresse/, { after: 2 });

    await request(app)
      .get(pathOf(linkOf(third)))
      .expect(303);
    // Once one link confirmed the address, the others sent meanwhile sign nobody in.
    const stale = await request(app)
      .get(pathOf(linkOf(first)))
      .expect(303);
    expect(stale.headers.location).toBe('/verify?result=invalid');
    await request(app).post('/api/v1/auth/verify-mail').send({ email }).expect(204);
    await request(app).post('/api/v1/auth/verify-mail').send({ email: 'nobody@example.com' }).expect(204);
    await request(app).post('/api/v1/auth/login').send({ email, password }).expect(200);
    // Give the worker time for mails that must not come.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.countMailsTo(email, /E-Mail-Adresse/)).toBe(3);
    // Besides: the sign-in came from another browser than the link's, which its owner is told of.
    expect(mailbox.countMailsTo(email)).toBe(4);
    expect(mailbox.countMailsTo(email, /^Neue Anmeldung bei Formwerk$/)).toBe(1);
    expect(mailbox.countMailsTo('nobody@example.com')).toBe(0);
  });
});

describe('rate limits of the mail endpoints', () => {
  it('forgot-password: the 6th request within an hour for one address answers 429 with Retry-After', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await request(app)
        .post('/api/v1/auth/forgot-password')
        .set('X-Forwarded-For', `192.0.2.${attempt}`)
        .send({ email: 'limited@example.com' })
        .expect(204);
    }
    const limited = await request(app)
      .post('/api/v1/auth/forgot-password')
      .set('X-Forwarded-For', '192.0.2.99')
      .send({ email: 'limited@example.com' })
      .expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
  });

  it('verify-mail: the 6th resend for one address within an hour answers 429, from wherever it comes', async () => {
    const email = 'vic@example.com';
    await request(app).post('/api/v1/auth/sign-up').send({ name: 'Vic', email, password }).expect(202);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await request(app)
        .post('/api/v1/auth/verify-mail')
        .set('X-Forwarded-For', `192.0.2.${attempt}`)
        .send({ email })
        .expect(204);
    }
    const limited = await request(app)
      .post('/api/v1/auth/verify-mail')
      .set('X-Forwarded-For', '192.0.2.50')
      .send({ email })
      .expect(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('the CSRF token bound to the session', () => {
  it("refuses a state-changing request with a session but without its token, or with another session's", async () => {
    const email = 'csrf@example.com';
    const browser = createTestAgent(app);
    const signUp = await signUpAndSignIn(browser, { name: 'Cy', email, password });
    const cookies = (signUp.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]);
    const cookieHeader = cookies.join('; ');

    const missing = await request(app).patch('/api/v1/profile').set('Cookie', cookieHeader).send({ name: 'Mallory' });
    expect(missing.status).toBe(403);
    expect(missing.body.error.code).toBe('CSRF_TOKEN_INVALID');

    const other = createTestAgent(app);
    const otherLogin = await other.post('/api/v1/auth/login').send({ email, password }).expect(200);
    const otherCsrf = (otherLogin.headers['set-cookie'] as unknown as string[])
      .find((cookie) => cookie.startsWith('csrf='))
      ?.split(';')[0]
      ?.slice('csrf='.length);
    await request(app)
      .patch('/api/v1/profile')
      .set('Cookie', cookieHeader)
      .set('X-CSRF-Token', decodeURIComponent(otherCsrf ?? ''))
      .send({ name: 'Mallory' })
      .expect(403);

    // Reads need no token, and the page's own client (which sends it) gets through.
    await request(app).get('/api/v1/auth/session').set('Cookie', cookieHeader).expect(200);
    const changed = await browser.patch('/api/v1/profile').send({ name: 'Cy Young' }).expect(200);
    expect(changed.body.user.name).toBe('Cy Young');
  });
});
