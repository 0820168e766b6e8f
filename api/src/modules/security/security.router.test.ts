import { generate } from 'otplib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { readWindowCount } from '../../platform/rate-limit';
import { signUpAndSignIn } from '../../test/accounts';
import { createTestAgent, type TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { linkOf, useMailCatcher } from '../../test/test-mail';
import { addTeamMember } from '../teams/teams.service';
import { findUserByEmail } from '../users/users.service';
import { SignInHistoryModel } from './sign-in-history.model';
import { recordFailedSecondStep } from './sign-in-history.service';
import { TwoFactorModel } from './two-factor.model';

useTestDatabase();
const mailbox = useMailCatcher();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const password = 'correct horse battery';
const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let accountCount = 0;
type Person = { agent: TestAgent; email: string; userId: string; teamId: number };

async function signUp(locale: 'de' | 'en' = 'de'): Promise<Person> {
  accountCount += 1;
  const email = `sam${accountCount}@example.com`;
  const agent = createTestAgent(app);
  const response = await signUpAndSignIn(agent, { name: `Sam ${accountCount}`, email, password, locale });
  return { agent, email, userId: response.body.user.id, teamId: response.body.teamId };
}

// The app's codes by time step (30 s each): a test names the steps it uses, so that one crossing a step
// boundary while it runs still means what it says (the api takes the step before and after too).
const stepNow = () => Math.floor(Date.now() / 30_000);
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });

/** A code that is none of the app's codes around now. */
async function wrongCode(secret: string): Promise<string> {
  const step = stepNow();
  const near = await Promise.all([-2, -1, 0, 1, 2].map((offset) => codeAt(secret, step + offset)));
  return ['000000', '111111', '222222'].find((code) => !near.includes(code)) ?? '333333';
}

/** Turns two-factor sign-in on through the profile; answers the secret, the step used and the recovery codes. */
async function enableTwoFactor(person: Person) {
  const setup = await person.agent.post('/api/v1/profile/two-factor/setup').expect(200);
  const step = stepNow();
  const confirmed = await person.agent
    .post('/api/v1/profile/two-factor/confirm')
    .send({ code: await codeAt(setup.body.secret, step) })
    .expect(200);
  return { secret: setup.body.secret as string, step, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

function cookieNamed(response: request.Response, name: string): string | undefined {
  const cookies = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

const logIn = (agent: TestAgent, email: string, headers: Record<string, string> = {}) =>
  agent.post('/api/v1/auth/login').set(headers).send({ email, password });

describe('setting up two-factor sign-in', () => {
  it('answers a secret, its otpauth address and a QR code; it is on only once a code of the app confirms it', async () => {
    const person = await signUp();
    const overview = await person.agent.get('/api/v1/profile/security').expect(200);
    expect(overview.body).toEqual({
      twoFactor: { isEnabled: false, enabledAt: null, recoveryCodesLeft: 0, isRequiredByTeam: false },
      hasPassword: true,
      isGoogleLinked: false,
    });

    const setup = await person.agent.post('/api/v1/profile/two-factor/setup').expect(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Formwerk:${encodeURIComponent(person.email)}?secret=${setup.body.secret}&issuer=Formwerk`,
    );
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    // At rest the secret is sealed, never the text an app takes.
    const stored = await TwoFactorModel.findById(person.userId).lean();
    expect(stored?.pendingSecret).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(setup.body.secret);

    const refused = await person.agent
      .post('/api/v1/profile/two-factor/confirm')
      .send({ code: await wrongCode(setup.body.secret) })
      .expect(400);
    expect(refused.body.error.code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await person.agent.get('/api/v1/profile/security').expect(200)).body.twoFactor.isEnabled).toBe(false);

    const code = await codeAt(setup.body.secret, stepNow());
    const confirmed = await person.agent
      .post('/api/v1/profile/two-factor/confirm')
      .send({ code: `${code.slice(0, 3)} ${code.slice(3)}` })
      .expect(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    for (const recoveryCode of confirmed.body.recoveryCodes) expect(recoveryCode).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const after = (await person.agent.get('/api/v1/profile/security').expect(200)).body.twoFactor;
    expect(after).toMatchObject({ isEnabled: true, recoveryCodesLeft: 10 });
    const enabled = await TwoFactorModel.findById(person.userId).lean();
    expect(JSON.stringify(enabled)).not.toContain(setup.body.secret);
    for (const recoveryCode of confirmed.body.recoveryCodes)
      expect(JSON.stringify(enabled)).not.toContain(recoveryCode);

    // On, a second setup is refused; the app stays the one confirmed.
    const again = await person.agent.post('/api/v1/profile/two-factor/setup').expect(409);
    expect(again.body.error.code).toBe('TWO_FACTOR_ALREADY_ENABLED');
  });

  it('without a setup begun, a code confirms nothing', async () => {
    const person = await signUp();
    const refused = await person.agent.post('/api/v1/profile/two-factor/confirm').send({ code: '123456' }).expect(409);
    expect(refused.body.error.code).toBe('TWO_FACTOR_SETUP_MISSING');
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('opens no session for the password alone; a code of the app does, and each code only once', async () => {
    const person = await signUp();
    const { secret, step } = await enableTwoFactor(person);

    const browser = createTestAgent(app);
    const first = await logIn(browser, person.email).expect(200);
    expect(first.body).toEqual({ step: 'two-factor' });
    expect(cookieNamed(first, 'token')).toBeUndefined();
    expect(cookieNamed(first, 'sign-in-step')).toMatch(/HttpOnly/);
    expect(cookieNamed(first, 'sign-in-step')).toMatch(/Path=\/api\/v1\/auth/);
    await browser.get('/api/v1/auth/session').expect(401);

    // The code that confirmed the app is used already.
    const replayed = await browser
      .post('/api/v1/auth/two-factor')
      .send({ code: await codeAt(secret, step) })
      .expect(400);
    expect(replayed.body.error.code).toBe('TWO_FACTOR_CODE_INVALID');
    const next = await codeAt(secret, step + 1);
    const signedIn = await browser.post('/api/v1/auth/two-factor').send({ code: next }).expect(200);
    expect(signedIn.body.user.email).toBe(person.email);
    expect(cookieNamed(signedIn, 'token')).toMatch(/HttpOnly/);
    await browser.get('/api/v1/auth/session').expect(200);

    // The same code again, in another browser within its 30 seconds: refused.
    const other = createTestAgent(app);
    await logIn(other, person.email).expect(200);
    const again = await other.post('/api/v1/auth/two-factor').send({ code: next }).expect(400);
    expect(again.body.error.code).toBe('TWO_FACTOR_CODE_INVALID');
    await other.get('/api/v1/auth/session').expect(401);
  });

  it('takes a code sent from two browsers at the same moment once', async () => {
    const person = await signUp();
    const { secret, step, recoveryCodes } = await enableTwoFactor(person);
    const browsers = [createTestAgent(app), createTestAgent(app)];
    for (const code of [await codeAt(secret, step + 1), recoveryCodes[0] ?? '']) {
      await Promise.all(browsers.map((browser) => logIn(browser, person.email).expect(200)));
      const answers = await Promise.all(
        browsers.map((browser) => browser.post('/api/v1/auth/two-factor').send({ code })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    }
  });

  it('refuses a wrong code, counts it as a failed sign-in of the account and shows it in the history', async () => {
    const person = await signUp();
    const { secret } = await enableTwoFactor(person);
    const browser = createTestAgent(app);

    const withoutPassword = await browser.post('/api/v1/auth/two-factor').send({ code: '123456' }).expect(401);
    expect(withoutPassword.body.error.code).toBe('SIGN_IN_STEP_EXPIRED');

    const headers = { 'User-Agent': chromeOnWindows, 'X-Forwarded-For': '203.0.113.9' };
    await logIn(browser, person.email, headers).expect(200);
    const wrong = await browser
      .post('/api/v1/auth/two-factor')
      .set(headers)
      .send({ code: await wrongCode(secret) })
      .expect(400);
    expect(wrong.body.error.code).toBe('TWO_FACTOR_CODE_INVALID');
    await browser.get('/api/v1/auth/session').expect(401);
    expect(await readWindowCount(`login-failures:${person.email}`, 15 * 60_000)).toBe(1);

    const history = await person.agent.get('/api/v1/profile/sign-ins').expect(200);
    expect(history.body.entries[0]).toMatchObject({
      ipAddress: '203.0.113.9',
      browser: 'Chrome',
      os: 'Windows',
      method: 'password',
      secondFactor: 'totp',
      result: 'failed',
    });
  });

  it('counts the second step into the sign-in’s limit: ten tries of one account from one address, then 429', async () => {
    const person = await signUp();
    const { secret } = await enableTwoFactor(person);
    const browser = createTestAgent(app);
    const headers = { 'X-Forwarded-For': '203.0.113.77' };
    await logIn(browser, person.email, headers).expect(200);
    const code = await wrongCode(secret);
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await browser.post('/api/v1/auth/two-factor').set(headers).send({ code }).expect(400);
    }
    const limited = await browser.post('/api/v1/auth/two-factor').set(headers).send({ code }).expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });

  it('takes each recovery code once, in any case and without the hyphen', async () => {
    const person = await signUp();
    const { recoveryCodes } = await enableTwoFactor(person);
    const [recoveryCode = ''] = recoveryCodes;

    const browser = createTestAgent(app);
    await logIn(browser, person.email).expect(200);
    await browser
      .post('/api/v1/auth/two-factor')
      .send({ code: recoveryCode.replace('-', '').toUpperCase() })
      .expect(200);
    expect((await person.agent.get('/api/v1/profile/security').expect(200)).body.twoFactor.recoveryCodesLeft).toBe(9);
    const history = await person.agent.get('/api/v1/profile/sign-ins').expect(200);
    expect(history.body.entries[0]).toMatchObject({ secondFactor: 'recovery-code', result: 'succeeded' });

    const other = createTestAgent(app);
    await logIn(other, person.email).expect(200);
    const reused = await other.post('/api/v1/auth/two-factor').send({ code: recoveryCode }).expect(400);
    expect(reused.body.error.code).toBe('TWO_FACTOR_CODE_INVALID');
  });

  it('asks for the code after a password reset too: the mailed link proves the mailbox, not the app', async () => {
    const person = await signUp();
    const { secret, step } = await enableTwoFactor(person);
    await request(app).post('/api/v1/auth/forgot-password').send({ email: person.email }).expect(204);
    const mail = await mailbox.waitForMail(person.email, /Passwort zurücksetzen/);
    const token = linkOf(mail).searchParams.get('token');

    const browser = createTestAgent(app);
    const reset = await browser
      .post('/api/v1/auth/reset-password')
      .send({ token, password: 'a new horse battery' })
      .expect(200);
    expect(reset.body).toEqual({ step: 'two-factor' });
    await browser.get('/api/v1/auth/session').expect(401);
    await browser
      .post('/api/v1/auth/two-factor')
      .send({ code: await codeAt(secret, step + 1) })
      .expect(200);
  });
});

describe('recovery codes and turning two-factor sign-in off', () => {
  it('gives ten new recovery codes for the password, and the old ones stop working', async () => {
    const person = await signUp();
    const { recoveryCodes } = await enableTwoFactor(person);

    const wrong = await person.agent
      .post('/api/v1/profile/two-factor/recovery-codes')
      .send({ password: 'not the password' })
      .expect(400);
    expect(wrong.body.error.code).toBe('WRONG_PASSWORD');
    const renewed = await person.agent.post('/api/v1/profile/two-factor/recovery-codes').send({ password }).expect(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);

    const browser = createTestAgent(app);
    await logIn(browser, person.email).expect(200);
    await browser.post('/api/v1/auth/two-factor').send({ code: recoveryCodes[0] }).expect(400);
    await browser.post('/api/v1/auth/two-factor').send({ code: renewed.body.recoveryCodes[0] }).expect(200);
  });

  it('turns off for the password or a code, not for a wrong one; then the password alone signs in', async () => {
    const person = await signUp();
    const { secret } = await enableTwoFactor(person);

    const wrong = await person.agent
      .post('/api/v1/profile/two-factor/disable')
      .send({ code: await wrongCode(secret) })
      .expect(400);
    expect(wrong.body.error.code).toBe('TWO_FACTOR_CODE_INVALID');
    expect((await person.agent.get('/api/v1/profile/security').expect(200)).body.twoFactor.isEnabled).toBe(true);

    await person.agent.post('/api/v1/profile/two-factor/disable').send({ password }).expect(204);
    expect(await TwoFactorModel.findById(person.userId).lean()).toBeNull();
    const again = await person.agent.post('/api/v1/profile/two-factor/disable').send({ password }).expect(409);
    expect(again.body.error.code).toBe('TWO_FACTOR_NOT_ENABLED');

    const browser = createTestAgent(app);
    const signedIn = await logIn(browser, person.email).expect(200);
    expect(signedIn.body.user.email).toBe(person.email);
  });
});

describe('a team that requires two-factor sign-in', () => {
  it('needs it on for whoever requires it, signs out its admins without it and has them set it up at sign-in', async () => {
    const owner = await signUp();
    const admin = await signUp();
    const member = await signUp();
    await addTeamMember(owner.teamId, admin.userId, 'admin');
    await addTeamMember(owner.teamId, member.userId, 'member');

    const first = await owner.agent.patch('/api/v1/team/two-factor').send({ requireTwoFactor: true }).expect(409);
    expect(first.body.error.code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    await enableTwoFactor(owner);
    const required = await owner.agent.patch('/api/v1/team/two-factor').send({ requireTwoFactor: true }).expect(200);
    expect(required.body.requireTwoFactor).toBe(true);
    await owner.agent.get('/api/v1/auth/session').expect(200);
    await admin.agent.get('/api/v1/auth/session').expect(401);
    await member.agent.get('/api/v1/auth/session').expect(200);

    // The admin's next sign-in opens no session, only the setup; nothing else answers meanwhile.
    const browser = createTestAgent(app);
    const signIn = await logIn(browser, admin.email).expect(200);
    expect(signIn.body).toEqual({ step: 'enrol-two-factor' });
    await browser.get('/api/v1/forms').expect(401);
    const wrongStep = await browser.post('/api/v1/auth/two-factor').send({ code: '123456' }).expect(401);
    expect(wrongStep.body.error.code).toBe('SIGN_IN_STEP_EXPIRED');

    const setup = await browser.post('/api/v1/auth/two-factor/setup').expect(200);
    expect(setup.body.otpauthUrl).toContain(encodeURIComponent(admin.email));
    const wrong = await browser
      .post('/api/v1/auth/two-factor/setup/confirm')
      .send({ code: await wrongCode(setup.body.secret) })
      .expect(400);
    expect(wrong.body.error.code).toBe('TWO_FACTOR_CODE_INVALID');
    const enrolled = await browser
      .post('/api/v1/auth/two-factor/setup/confirm')
      .send({ code: await codeAt(setup.body.secret, stepNow()) })
      .expect(200);
    expect(enrolled.body.user.email).toBe(admin.email);
    expect(enrolled.body.recoveryCodes).toHaveLength(10);
    await browser.get('/api/v1/auth/session').expect(200);

    const overview = await browser.get('/api/v1/profile/security').expect(200);
    expect(overview.body.twoFactor).toMatchObject({ isEnabled: true, isRequiredByTeam: true });
    const kept = await browser.post('/api/v1/profile/two-factor/disable').send({ password }).expect(409);
    expect(kept.body.error.code).toBe('TWO_FACTOR_REQUIRED_BY_TEAM');

    // A plain member is not asked.
    const memberBrowser = createTestAgent(app);
    expect((await logIn(memberBrowser, member.email).expect(200)).body.user.email).toBe(member.email);
  });

  it('is changed by the owner or an admin only, and a member made admin without it is signed out', async () => {
    const owner = await signUp();
    const member = await signUp();
    await addTeamMember(owner.teamId, member.userId, 'member');
    await member.agent.post('/api/v1/teams/current').send({ teamId: owner.teamId }).expect(200);
    const refused = await member.agent.patch('/api/v1/team/two-factor').send({ requireTwoFactor: false }).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');

    await enableTwoFactor(owner);
    await owner.agent.patch('/api/v1/team/two-factor').send({ requireTwoFactor: true }).expect(200);
    await member.agent.get('/api/v1/auth/session').expect(200);
    await owner.agent.patch(`/api/v1/team/members/${member.userId}`).send({ role: 'admin' }).expect(200);
    await member.agent.get('/api/v1/auth/session').expect(401);
  });
});

describe('the sign-in history', () => {
  it('lists each sign-in with time, address, device, method and result, newest first, a page at a time', async () => {
    const person = await signUp();
    const browser = createTestAgent(app);
    await logIn(browser, person.email, { 'User-Agent': chromeOnWindows, 'X-Forwarded-For': '198.51.100.4' }).expect(
      200,
    );

    const first = await person.agent.get('/api/v1/profile/sign-ins').expect(200);
    expect(first.body).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(first.body.entries[0]).toEqual({
      at: expect.any(String),
      ipAddress: '198.51.100.4',
      browser: 'Chrome',
      os: 'Windows',
      method: 'password',
      secondFactor: null,
      result: 'succeeded',
    });
    expect(Date.parse(first.body.entries[0].at)).toBeGreaterThan(Date.parse(first.body.entries[1].at));

    // 123 more: the document keeps the newest 100 (it is written back shorter past 120).
    const client = { ipAddress: '192.0.2.1', userAgent: 'curl/8.0', isKnownDevice: false };
    for (let index = 0; index < 123; index += 1) {
      await recordFailedSecondStep(person.userId, { method: 'google', secondFactor: 'totp', client });
    }
    const page = await person.agent.get('/api/v1/profile/sign-ins?page=5').expect(200);
    expect(page.body).toMatchObject({ page: 5, pageCount: 6, total: 104 });
    expect(page.body.entries).toHaveLength(20);
    expect(page.body.entries[0]).toMatchObject({ browser: null, os: null, method: 'google', result: 'failed' });
    const last = await person.agent.get('/api/v1/profile/sign-ins?page=6').expect(200);
    expect(last.body.entries).toHaveLength(4);
  });

  it('no longer shows sign-ins older than 90 days', async () => {
    const person = await signUp();
    const old = new Date(Date.now() - 91 * 24 * 3_600_000);
    await SignInHistoryModel.updateOne(
      { _id: person.userId },
      {
        $push: {
          entries: {
            at: old,
            ipAddress: '192.0.2.99',
            browser: null,
            os: null,
            method: 'password',
            secondFactor: null,
            result: 'succeeded',
          },
        },
      },
    );
    const history = await person.agent.get('/api/v1/profile/sign-ins').expect(200);
    expect(history.body.total).toBe(1);
    expect(history.body.entries.map((entry: { ipAddress: string }) => entry.ipAddress)).not.toContain('192.0.2.99');
  });
});

describe('the mail about a new device', () => {
  it('goes out for a sign-in from a browser that never signed in to the account; not for the first, nor a known one', async () => {
    const person = await signUp();
    await person.agent.post('/api/v1/auth/logout').expect(204);
    await logIn(person.agent, person.email).expect(200);

    const stranger = createTestAgent(app);
    await logIn(stranger, person.email, { 'User-Agent': chromeOnWindows, 'X-Forwarded-For': '203.0.113.50' }).expect(
      200,
    );
    const mail = await mailbox.waitForMail(person.email, /^Neue Anmeldung bei Formwerk$/);
    expect(mail.text).toContain('Gerät: Chrome unter Windows');
    expect(mail.text).toContain('IP-Adresse: 203.0.113.50');
    expect(mail.text).toContain('Anmeldung: mit dem Passwort');
    expect(mail.text).toMatch(/Zeit: .*\d{2}:\d{2} UTC/);
    expect(mail.text).toContain('ändern Sie bitte sofort Ihr Passwort');
    expect(linkOf(mail).pathname + linkOf(mail).search).toBe('/v1/profile?view=security');

    // That browser is known now.
    await logIn(stranger, person.email).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailbox.countMailsTo(person.email, /Neue Anmeldung/)).toBe(1);
  });

  it('speaks the account’s language', async () => {
    const person = await signUp('en');
    await logIn(createTestAgent(app), person.email, {
      'User-Agent':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    }).expect(200);
    const mail = await mailbox.waitForMail(person.email, /^New sign-in to Formwerk$/);
    expect(mail.text).toContain('Device: Safari on iOS');
    expect(mail.text).toContain('If this was not you');
    expect((await findUserByEmail(person.email))?.lastSignInAt).toBeInstanceOf(Date);
  });
});
