import { trusted } from '../../platform/db';
import { defineExpiringCollection, expiryHourOf, hourMs } from '../../platform/expiring-documents';
import { createSecretToken, hashToken } from '../../platform/tokens';
import { type Session, SessionModel } from './session.model';

/** Remember me keeps a session 30 days; otherwise the cookie ends with the browser and the server after 12 h. */
export const rememberedSessionMs = 30 * 24 * hourMs;
export const browserSessionMs = 12 * hourMs;
// Writing lastUsedAt on every request would turn each read into a write.
const lastUsedPrecisionMs = 60_000;

/** Starts a session and returns its token: 256 random bits, stored only as a hash. */
export async function createSession(input: {
  userId: string;
  teamId: number;
  isRemembered: boolean;
  userAgent: string;
}): Promise<{ token: string; session: Session }> {
  const { token, tokenHash } = createSecretToken();
  const now = Date.now();
  const expiresAt = new Date(now + (input.isRemembered ? rememberedSessionMs : browserSessionMs));
  const session = await SessionModel.create({
    tokenHash,
    userId: input.userId,
    teamId: input.teamId,
    isRemembered: input.isRemembered,
    expiresAt,
    expiresHour: expiryHourOf(expiresAt),
    lastUsedAt: new Date(now),
    userAgent: input.userAgent.slice(0, 300),
  });
  return { token, session: session.toObject() as Session };
}

/** Sessions that end by themselves, for the housekeeping job. */
export const expiringSessions = defineExpiringCollection(SessionModel, 'expiresAt');

// Checked in code after a read by an indexed key: FerretDB answers only equality filters by index.
const isLive = (session: Session, now: Date) => !session.revokedAt && session.expiresAt > now;

/** The live session of a token: not revoked, not expired. Marks it used. */
export async function findActiveSession(token: string): Promise<Session | null> {
  const now = new Date();
  const session = await SessionModel.findOne({ tokenHash: hashToken(token) }).lean<Session>();
  if (!session || !isLive(session, now)) return null;
  if (now.getTime() - session.lastUsedAt.getTime() > lastUsedPrecisionMs) {
    await SessionModel.updateOne({ _id: session._id }, { $set: { lastUsedAt: now } });
  }
  return session;
}

export async function revokeSession(token: string): Promise<void> {
  await SessionModel.updateOne({ tokenHash: hashToken(token), revokedAt: null }, { $set: { revokedAt: new Date() } });
}

/** The user's live sessions, most recently used first. */
export async function findActiveSessionsOfUser(userId: string): Promise<Session[]> {
  const now = new Date();
  const sessions = await SessionModel.find({ userId }).lean<Session[]>();
  return sessions
    .filter((session) => isLive(session, now))
    .sort((left, right) => right.lastUsedAt.getTime() - left.lastUsedAt.getTime());
}

/** Revokes one session of the user; false when the user has no such session. */
export async function revokeSessionOfUser(userId: string, sessionId: string): Promise<boolean> {
  const result = await SessionModel.updateOne(
    { _id: sessionId, userId, revokedAt: null },
    { $set: { revokedAt: new Date() } },
  );
  return result.modifiedCount === 1;
}

/** Signs the user out everywhere, e.g. after a password reset. */
export async function revokeAllSessions(userId: string): Promise<void> {
  await SessionModel.updateMany({ userId, revokedAt: null }, { $set: { revokedAt: new Date() } });
}

/** Moves the user's sessions off a team they no longer belong to. */
export async function moveSessionsToTeam(input: { userId: string; fromTeamId: number; toTeamId: number }) {
  await SessionModel.updateMany(
    { userId: input.userId, teamId: input.fromTeamId },
    { $set: { teamId: input.toTeamId } },
  );
}

export async function setSessionTeam(token: string, teamId: number): Promise<void> {
  await SessionModel.updateOne({ tokenHash: hashToken(token) }, { $set: { teamId } });
}

/** Signs the user out everywhere else, e.g. after a password change. */
export async function revokeOtherSessions(userId: string, keptToken: string): Promise<void> {
  await SessionModel.updateMany(
    { userId, revokedAt: null, tokenHash: trusted({ $ne: hashToken(keptToken) }) },
    { $set: { revokedAt: new Date() } },
  );
}

export function isSessionOfToken(session: Session, token: string): boolean {
  return session.tokenHash === hashToken(token);
}
