import type { AssignableRole, Invitation as InvitationDto, InvitationPreview, Locale } from '@formwerk/contracts';
import { trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createSecretToken, hashToken } from '../../platform/tokens';
import { createAccount } from '../auth/auth.service';
import { queueMail } from '../mail/mail.service';
import { addTeamMember, findTeam, isTeamMember } from '../teams/teams.service';
import { findUserByEmail, findUserById, markEmailVerified } from '../users/users.service';
import { type Invitation, InvitationModel } from './invitation.model';

const invitationValidMs = 7 * 24 * 3_600_000;

const pendingFilter = () => ({ acceptedAt: null, revokedAt: null, expiresAt: trusted({ $gt: new Date() }) });

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
  await InvitationModel.updateMany(
    { teamId: input.teamId, email: input.email, ...pendingFilter() },
    { $set: { revokedAt: new Date() } },
  );
  const { token, tokenHash } = createSecretToken();
  await InvitationModel.create({
    teamId: input.teamId,
    email: input.email,
    role: input.role,
    tokenHash,
    invitedBy: input.inviterId,
    expiresAt: new Date(Date.now() + invitationValidMs),
  });
  await queueMail({
    kind: 'invitation',
    to: input.email,
    locale: invitee?.locale ?? input.locale,
    inviterName: inviter.name,
    teamName: team.name,
    token,
  });
}

export async function findPendingInvitations(teamId: number): Promise<Invitation[]> {
  return InvitationModel.find({ teamId, ...pendingFilter() })
    .sort({ createdAt: -1 })
    .lean<Invitation[]>();
}

export async function revokeInvitation(teamId: number, invitationId: string): Promise<void> {
  const result = await InvitationModel.updateOne(
    { _id: invitationId, teamId, ...pendingFilter() },
    { $set: { revokedAt: new Date() } },
  );
  if (result.modifiedCount !== 1) throw new AppError('NOT_FOUND', 404, 'No such invitation');
}

async function findPendingByToken(token: string): Promise<Invitation> {
  const invitation = await InvitationModel.findOne({
    tokenHash: hashToken(token),
    ...pendingFilter(),
  }).lean<Invitation>();
  if (!invitation) throw linkInvalid();
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
    { _id: invitation._id, ...pendingFilter() },
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
