import { Types } from 'mongoose';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { expiryHourOf, hourMs } from '../../platform/expiring-documents';
import { createLogger } from '../../platform/logger';
import { hashToken } from '../../platform/tokens';
import { useTestDatabase } from '../../test/test-database';
import { createAccount } from '../auth/auth.service';
import { LinkTokenModel } from '../auth/link-token.model';
import { issueLinkToken, useLinkToken } from '../auth/link-tokens.service';
import { InvitationModel } from '../invitations/invitation.model';
import { inviteToTeam } from '../invitations/invitations.service';
import { SessionModel } from '../sessions/session.model';
import { createSession, findActiveSession } from '../sessions/sessions.service';
import { removeExpiredDocuments } from './housekeeping.service';
import { HousekeepingStateModel } from './housekeeping-state.model';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const dayMs = 24 * hourMs;
const someUserId = () => new Types.ObjectId().toString();

// Rate-limit windows are the platform's own; the test reads their collection as the job sees it.
const rateLimitWindows = () => SessionModel.db.collection('ratelimits');

async function tokenHashesOf(model: typeof SessionModel | typeof LinkTokenModel): Promise<string[]> {
  const documents = await model.collection.find({}, { projection: { tokenHash: 1 } }).toArray();
  return documents.map((document) => String(document.tokenHash)).sort();
}

async function invitedEmails(): Promise<string[]> {
  const invitations = await InvitationModel.find({}, { email: 1 }).lean<{ email: string }[]>();
  return invitations.map((invitation) => invitation.email).sort();
}

async function attemptLogin(ip: string) {
  await request(app)
    .post('/api/v1/auth/login')
    .set('X-Forwarded-For', ip)
    .send({ email: 'x@example.com', password: 'x' });
}

beforeEach(async () => {
  await Promise.all(
    [SessionModel, LinkTokenModel, InvitationModel, HousekeepingStateModel].map((model) =>
      model.collection.deleteMany({}),
    ),
  );
  await rateLimitWindows().deleteMany({});
});

describe('removing expired documents', () => {
  it('removes, hour by hour since the last run, what expired and keeps what is live', async () => {
    const now = Date.now();
    // Two earlier runs (the first ones sweep), so that this one continues hour by hour.
    expect((await removeExpiredDocuments(new Date(now - 2 * dayMs))).mode).toBe('sweep');
    expect((await removeExpiredDocuments(new Date(now - dayMs))).mode).toBe('sweep');
    const { user, personalTeamId } = await createAccount({
      name: 'Inviter',
      email: 'inviter@example.com',
      password: 'correct horse battery',
      locale: 'de',
    });
    const browserSession = await createSession({ userId: someUserId(), teamId: 1, isRemembered: false, userAgent: '' });
    const rememberedSession = await createSession({
      userId: someUserId(),
      teamId: 1,
      isRemembered: true,
      userAgent: '',
    });
    const resetLink = await issueLinkToken({ purpose: 'reset-password', userId: someUserId(), validForMs: hourMs });
    const verifyLink = await issueLinkToken({ purpose: 'verify-email', userId: someUserId(), validForMs: 7 * dayMs });
    const usedLink = await issueLinkToken({ purpose: 'verify-email', userId: someUserId(), validForMs: 7 * dayMs });
    await inviteToTeam({
      teamId: personalTeamId,
      inviterId: user._id.toString(),
      email: 'invitee@example.com',
      role: 'member',
      locale: 'de',
    });
    await attemptLogin('203.0.113.50');
    await attemptLogin('203.0.113.51');
    expect(await rateLimitWindows().countDocuments()).toBeGreaterThanOrEqual(2);

    // A used link is gone at once, and refused a second time.
    expect(await useLinkToken('verify-email', usedLink)).not.toBeNull();
    expect(await useLinkToken('verify-email', usedLink)).toBeNull();
    expect(await tokenHashesOf(LinkTokenModel)).toEqual([hashToken(resetLink), hashToken(verifyLink)].sort());

    // Two days on: the browser session (12 h), the reset link (1 h) and the login windows are over.
    const twoDaysOn = await removeExpiredDocuments(new Date(now + 2 * dayMs));
    expect(twoDaysOn.mode).toBe('hours');
    expect(twoDaysOn.hours).toBeGreaterThanOrEqual(3 * 24 - 1);
    expect(await tokenHashesOf(SessionModel)).toEqual([hashToken(rememberedSession.token)]);
    expect(await tokenHashesOf(LinkTokenModel)).toEqual([hashToken(verifyLink)]);
    expect(await invitedEmails()).toEqual(['invitee@example.com']);
    expect(await rateLimitWindows().countDocuments()).toBe(0);
    expect(await findActiveSession(browserSession.token)).toBeNull();
    expect(await findActiveSession(rememberedSession.token)).not.toBeNull();

    // Eight days on: the verification link and the invitation (7 days) are over too.
    expect((await removeExpiredDocuments(new Date(now + 8 * dayMs))).mode).toBe('hours');
    expect(await tokenHashesOf(SessionModel)).toEqual([hashToken(rememberedSession.token)]);
    expect(await tokenHashesOf(LinkTokenModel)).toEqual([]);
    expect(await invitedEmails()).toEqual([]);
  });

  it('when a run finds no hour newly past, removes nothing', async () => {
    const now = new Date();
    await removeExpiredDocuments(new Date(now.getTime() - 2 * dayMs));
    await removeExpiredDocuments(new Date(now.getTime() - dayMs));
    await removeExpiredDocuments(now);
    const session = await createSession({ userId: someUserId(), teamId: 1, isRemembered: false, userAgent: '' });

    expect(await removeExpiredDocuments(now)).toEqual({ removed: 0, mode: 'hours', hours: 0 });
    expect(await findActiveSession(session.token)).not.toBeNull();
  });

  it('cleans documents written before expiry hours existed: expired ones at once, live ones once they expire', async () => {
    const now = Date.now();
    const legacy = (expiresInMs: number) => ({ expiresAt: new Date(now + expiresInMs), createdAt: new Date(now) });
    const session = (name: string, expiresInMs: number) => ({
      tokenHash: hashToken(name),
      userId: new Types.ObjectId(),
      teamId: 1,
      isRemembered: false,
      lastUsedAt: new Date(now),
      revokedAt: null,
      ...legacy(expiresInMs),
    });
    const link = (name: string, expiresInMs: number) => ({
      purpose: 'reset-password',
      tokenHash: hashToken(name),
      userId: new Types.ObjectId(),
      usedAt: null,
      ...legacy(expiresInMs),
    });
    const invitation = (email: string, expiresInMs: number) => ({
      teamId: 1,
      email,
      role: 'member',
      tokenHash: hashToken(email),
      invitedBy: new Types.ObjectId(),
      acceptedAt: null,
      revokedAt: null,
      ...legacy(expiresInMs),
    });
    const window = (key: string, endsInMs: number) => ({ key, count: 1, windowEndsAt: new Date(now + endsInMs) });
    // Written straight to the collections, as the previous release left them: without `expiresHour`.
    await SessionModel.collection.insertMany([
      session('expired', -hourMs),
      session('soon', 2 * hourMs),
      session('later', 30 * dayMs),
    ]);
    await LinkTokenModel.collection.insertMany([link('expired', -1), link('soon', 2 * hourMs)]);
    await InvitationModel.collection.insertMany([
      invitation('expired@example.com', -dayMs),
      invitation('soon@example.com', 2 * hourMs),
    ]);
    await rateLimitWindows().insertMany([window('old', -5 * 60_000), window('soon', 2 * hourMs)]);

    const first = await removeExpiredDocuments(new Date(now));

    expect(first).toMatchObject({ mode: 'sweep', removed: 4 });
    expect(await tokenHashesOf(SessionModel)).toEqual([hashToken('later'), hashToken('soon')].sort());
    expect(await tokenHashesOf(LinkTokenModel)).toEqual([hashToken('soon')]);
    expect(await invitedEmails()).toEqual(['soon@example.com']);
    expect(
      await rateLimitWindows()
        .find({}, { projection: { key: 1, expiresHour: 1 } })
        .toArray(),
    ).toEqual([{ _id: expect.anything(), key: 'soon', expiresHour: expiryHourOf(new Date(now + 2 * hourMs)) }]);

    const fiveHoursOn = await removeExpiredDocuments(new Date(now + 5 * hourMs));

    expect(fiveHoursOn.mode).toBe('hours');
    expect(await tokenHashesOf(SessionModel)).toEqual([hashToken('later')]);
    expect(await tokenHashesOf(LinkTokenModel)).toEqual([]);
    expect(await invitedEmails()).toEqual([]);
    expect(await rateLimitWindows().countDocuments()).toBe(0);
  });

  it('a day after the first sweep sweeps once more, for what the previous release wrote meanwhile', async () => {
    const now = Date.now();
    await removeExpiredDocuments(new Date(now));
    await SessionModel.collection.insertOne({
      tokenHash: hashToken('written by the previous release'),
      userId: new Types.ObjectId(),
      teamId: 1,
      isRemembered: false,
      expiresAt: new Date(now + hourMs),
      lastUsedAt: new Date(now),
      revokedAt: null,
    });

    expect((await removeExpiredDocuments(new Date(now + 12 * hourMs))).mode).toBe('hours');
    expect(await tokenHashesOf(SessionModel)).toHaveLength(1);
    expect((await removeExpiredDocuments(new Date(now + 25 * hourMs))).mode).toBe('sweep');
    expect(await tokenHashesOf(SessionModel)).toEqual([]);
    expect((await removeExpiredDocuments(new Date(now + 26 * hourMs))).mode).toBe('hours');
  });

  it('after more than two weeks without a run, sweeps instead of going through every hour', async () => {
    const now = Date.now();
    await removeExpiredDocuments(new Date(now - dayMs));
    await removeExpiredDocuments(new Date(now));
    const session = await createSession({ userId: someUserId(), teamId: 1, isRemembered: false, userAgent: '' });

    expect(await removeExpiredDocuments(new Date(now + 20 * dayMs))).toMatchObject({ mode: 'sweep', removed: 1 });
    expect(await findActiveSession(session.token)).toBeNull();
    expect(await tokenHashesOf(SessionModel)).toEqual([]);
  });
});
