import type { AssignableRole, Invitation as InvitationDto, InvitationPreview, Locale } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { defineExpiringCollection, expiryHourOf } from '../../platform/expiring-documents';
import { createSecretToken, hashToken } from '../../platform/tokens';
import { createAccount } from '../auth/auth.service';
import { findTeamPlan, planLimitReached } from '../billing/team-plan';
import { queueMail } from '../mail/mail.service';
import { addTeamMember, findTeam, isTeamMember } from '../teams/teams.service';
import { findUserByEmail, findUserById, markEmailVerified } from '../users/users.service';
import { type Invitation, InvitationModel } from './invitation.model';

const invitationValidMs = 7 * 24 * 3_600_000;

/** Invitations that end by themselves, for the housekeeping job. */
export const expiringInvitations = defineExpiringCollection(InvitationModel, 'expiresAt');

// Neither accepted nor revoked: the condition of every update that changes an invitation's state.
const openFilter = { acceptedAt: null, revokedAt: null };

// Expiry is checked in code after a read by an indexed key: FerretDB answers only equality filters by index.
const isPending = (invitation: Invitation, now = new Date()) =>
  !invitation.acceptedAt && !invitation.revokedAt && invitation.expiresAt > now;

function linkInvalid(): AppError {
  return new AppError('LINK_INVALID', 404, 'The invitation is unknown, used, revoked or expired');
}

export function toInvitationDto(invitation: Invitation): InvitationDto {
  return {
    id: invitation._id.toString(),
    email: invitation.email,
    role: invitation.role,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/**
 * Invites an email into the team and mails the link, in the invitee's language when they have an
 * account. A new invitation for the same email replaces the pending one.
 */
export async function inviteToTeam(input: {
  teamId: number;
  inviterId: string;
  email: string;
  role: AssignableRole;
  locale: Locale;
}): Promise<void> {
  const [team, inviter, invitee] = await Promise.all([
    findTeam(input.teamId),
    findUserById(input.inviterId),
    findUserByEmail(input.email),
  ]);
  if (!team || !inviter) throw new AppError('NOT_FOUND', 404, 'No such team');
  if (invitee && (await isTeamMember(input.teamId, invitee._id.toString()))) {
    throw new AppError('ALREADY_MEMBER', 409, 'This person is a member already');
  }
  // A new invitation of the same email replaces its pending one and takes no seat of its own.
  const seatsTaken = async (exceptEmail: string) =>
    team.members.length +
    (await findPendingInvitations(input.teamId)).filter((invitation) => invitation.email !== exceptEmail).length;
  const plan = await findTeamPlan(input.teamId);
  const allowedSeats = plan.limits.seats;
  const noSeatLeft = (used: number) =>
    planLimitReached({ limit: 'seats', planId: plan.id, used, allowed: allowedSeats ?? used });
  if (allowedSeats !== null) {
    const used = await seatsTaken(input.email);
    if (used >= allowedSeats) throw noSeatLeft(used);
  }
  await InvitationModel.updateMany(
    { teamId: input.teamId, email: input.email, ...openFilter },
    { $set: { revokedAt: new Date() } },
  );
  const { token, tokenHash } = createSecretToken();
  const expiresAt = new Date(Date.now() + invitationValidMs);
  const invitation = await InvitationModel.create({
    teamId: input.teamId,
    email: input.email,
    role: input.role,
    tokenHash,
    invitedBy: input.inviterId,
    expiresAt,
    expiresHour: expiryHourOf(expiresAt),
  });
  // Counted again with this invitation stored: of invitations sent at once for the last seat, none
  // passes the limit (each sees the others and withdraws its own; the team invites again).
  if (allowedSeats !== null) {
    const used = await seatsTaken('');
    if (used > allowedSeats) {
      await InvitationModel.updateOne({ _id: invitation._id, ...openFilter }, { $set: { revokedAt: new Date() } });
      throw noSeatLeft(used - 1);
    }
  }
  await queueMail({
    kind: 'invitation',
    to: input.email,
    locale: invitee?.locale ?? input.locale,
    inviterName: inviter.name,
    teamName: team.name,
    token,
  });
}

/** The seats the team takes: its members, the owner included, and its pending invitations. */
export async function countTeamSeats(teamId: number): Promise<number> {
  const [team, pending] = await Promise.all([findTeam(teamId), findPendingInvitations(teamId)]);
  return (team?.members.length ?? 0) + pending.length;
}

/** The team's pending invitations, newest first; the others are few, removed a week after they were sent. */
export async function findPendingInvitations(teamId: number): Promise<Invitation[]> {
  const now = new Date();
  const invitations = await InvitationModel.find({ teamId }).lean<Invitation[]>();
  return invitations
    .filter((invitation) => isPending(invitation, now))
    .sort((left, right) => right.createdAt.getTime() - left.createdAt.getTime());
}

export async function revokeInvitation(teamId: number, invitationId: string): Promise<void> {
  const invitation = await InvitationModel.findOne({ _id: invitationId, teamId }).lean<Invitation>();
  const result =
    invitation && isPending(invitation)
      ? await InvitationModel.updateOne({ _id: invitation._id, ...openFilter }, { $set: { revokedAt: new Date() } })
      : null;
  if (result?.modifiedCount !== 1) throw new AppError('NOT_FOUND', 404, 'No such invitation');
}

async function findPendingByToken(token: string): Promise<Invitation> {
  const invitation = await InvitationModel.findOne({ tokenHash: hashToken(token) }).lean<Invitation>();
  if (!invitation || !isPending(invitation)) throw linkInvalid();
  return invitation;
}

/** What the invitation page shows to anyone holding the link. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  const invitation = await findPendingByToken(token);
  const [team, inviter, invitee] = await Promise.all([
    findTeam(invitation.teamId),
    findUserById(invitation.invitedBy.toString()),
    findUserByEmail(invitation.email),
  ]);
  if (!team) throw linkInvalid();
  return {
    teamName: team.name,
    inviterName: inviter?.name ?? '',
    email: invitation.email,
    role: invitation.role,
    hasAccount: invitee !== null,
  };
}

// Marks the invitation accepted in one atomic update, so a link works once even when clicked twice.
async function consumeInvitation(invitation: Invitation): Promise<void> {
  const result = await InvitationModel.updateOne(
    { _id: invitation._id, ...openFilter },
    { $set: { acceptedAt: new Date() } },
  );
  if (result.modifiedCount !== 1) throw linkInvalid();
}

/**
 * The signed-in user joins the team of the invitation, which must be addressed to their email. The
 * link arrived in that mailbox, so the address counts as verified too.
 */
export async function acceptInvitation(token: string, user: { id: string; email: string }): Promise<number> {
  const invitation = await findPendingByToken(token);
  if (invitation.email !== user.email) {
    throw new AppError('INVITATION_EMAIL_MISMATCH', 403, 'The invitation is addressed to another email');
  }
  await consumeInvitation(invitation);
  await addTeamMember(invitation.teamId, user.id, invitation.role);
  await markEmailVerified(user.id);
  return invitation.teamId;
}

/**
 * Creates the invited person's account and joins the team. The email counts as verified: the link
 * arrived in that mailbox.
 */
export async function acceptInvitationWithSignUp(input: {
  token: string;
  name: string;
  password: string;
  locale: Locale;
}): Promise<{ userId: string; teamId: number }> {
  const invitation = await findPendingByToken(input.token);
  const { user } = await createAccount({
    name: input.name,
    email: invitation.email,
    password: input.password,
    locale: input.locale,
    isEmailVerified: true,
  });
  const userId = user._id.toString();
  await consumeInvitation(invitation);
  await addTeamMember(invitation.teamId, userId, invitation.role);
  return { userId, teamId: invitation.teamId };
}
