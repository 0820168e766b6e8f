import { z } from 'zod';
import { emailSchema, linkTokenSchema, localeSchema, newPasswordSchema } from './auth.contract';

/** owner > admin > member; a team has exactly one owner (the user whose personal team it is). */
export const teamRoleSchema = z.enum(['owner', 'admin', 'member']);
export type TeamRole = z.infer<typeof teamRoleSchema>;
/** The roles an invitation or a role change can give. */
export const assignableRoleSchema = z.enum(['admin', 'member']);
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

/** A database id in a path, e.g. /team/members/{userId}. */
export const objectIdSchema = z.string().regex(/^[0-9a-f]{24}$/);
export const teamNameSchema = z.string().trim().min(1).max(100);

export const teamSummarySchema = z.object({ teamId: z.number().int(), name: z.string(), role: teamRoleSchema });
export type TeamSummary = z.infer<typeof teamSummarySchema>;
export const teamListResponseSchema = z.object({ teams: z.array(teamSummarySchema) });
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;

/** POST /teams/current: makes another team of the user the current one (the `team` cookie). */
export const switchTeamRequestSchema = z.strictObject({ teamId: z.number().int().positive() });
export type SwitchTeamRequest = z.input<typeof switchTeamRequestSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: teamRoleSchema,
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: assignableRoleSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /team: the current team; invitations only for its owner and admins (empty for members). */
export const teamResponseSchema = z.object({
  teamId: z.number().int(),
  name: z.string(),
  role: teamRoleSchema,
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationSchema),
  /** The team's owners and admins must sign in with a second factor (set up at their next sign-in). */
  requireTwoFactor: z.boolean(),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

/** PATCH /team/two-factor, by the owner or an admin who has two-factor sign-in on. */
export const teamTwoFactorRequestSchema = z.strictObject({ requireTwoFactor: z.boolean() });
export type TeamTwoFactorRequest = z.input<typeof teamTwoFactorRequestSchema>;

export const renameTeamRequestSchema = z.strictObject({ name: teamNameSchema });
export type RenameTeamRequest = z.input<typeof renameTeamRequestSchema>;

export const memberParamsSchema = z.object({ userId: objectIdSchema });
export const changeRoleRequestSchema = z.strictObject({ role: assignableRoleSchema });
export type ChangeRoleRequest = z.input<typeof changeRoleRequestSchema>;

export const createInvitationRequestSchema = z.strictObject({
  email: emailSchema,
  role: assignableRoleSchema.default('member'),
  /** The mail's language when the invitee has no account yet (else their own language). */
  locale: localeSchema.default('de'),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;
export const invitationParamsSchema = z.object({ invitationId: objectIdSchema });

/** GET /invitations/{token}: what the invitation page shows before anyone signs in. */
export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  inviterName: z.string(),
  email: z.string(),
  role: assignableRoleSchema,
  /** Whether the invited email has an account: sign in to accept, else create one. */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationTokenParamsSchema = z.object({ token: linkTokenSchema });

/** POST /invitations/accept, signed in as the invited email; the team becomes the current one. */
export const acceptInvitationRequestSchema = z.strictObject({ token: linkTokenSchema });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/** POST /invitations/sign-up: creates the invited account (its email counts as verified) and joins. */
export const acceptInvitationWithSignUpRequestSchema = z.strictObject({
  token: linkTokenSchema,
  name: z.string().trim().min(1).max(100),
  password: newPasswordSchema,
  locale: localeSchema.default('de'),
});
export type AcceptInvitationWithSignUpRequest = z.input<typeof acceptInvitationWithSignUpRequestSchema>;
