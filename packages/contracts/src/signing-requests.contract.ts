import { z } from 'zod';
import { emailSchema, localeSchema } from './auth.contract';
import {
  type TemplateField,
  type TemplateRole,
  templateEdgeTolerance,
  templateFieldSchema,
  templateFieldsMax,
  templateRoleKinds,
  templateRoleKindsWithFields,
  templateRoleSchema,
} from './document-templates.contract';
import { objectIdSchema } from './teams.contract';

// Signing requests (issue 16): a document of the library or a signature template sent to people who
// approve, sign, view or get a copy, stage by stage; the server enforces the order for every link and
// mail, and seals the signed copy with a certificate page and an audit trail.

export const signingRecipientsMax = 50;
/** A document sent without a template brings its own roles, one per recipient. */
export const signingRolesMax = signingRecipientsMax;
export const signingTitleMaxLength = 200;
export const signingMessageMaxLength = 2000;
export const signingRecipientNameMaxLength = 100;
/** A decline's or a rejection's reason. */
export const signingReasonMaxLength = 1000;
export const signingRequestPageSize = 50;
export const signingExpiryDefaultDays = 30;
export const signingExpiryMaxDays = 365;
export const signingReminderMaxDays = 30;
/** The one-time code mailed to a recipient: digits, minutes valid, wrong tries before it is void. */
export const signingCodeLength = 6;
export const signingCodeValidMinutes = 10;
export const signingCodeMaxTries = 5;
/** How long a verified browser may act for its recipient before it needs a new code. */
export const signingVerifiedMinutes = 60;
/** A drawn signature or initials as sent when signing: a PNG of at most this many bytes. */
export const signingImageMaxBytes = 256 * 1024;

export const signingRecipientKinds = templateRoleKinds;
export type SigningRecipientKind = (typeof signingRecipientKinds)[number];

/**
 * `waiting` for an earlier stage; `open` while it is their turn; done as `signed`, `approved` or
 * `viewed` (a viewer who opened the document); `declined` (a signer) or `rejected` (an approver), which
 * ends the request; `delegated` once another person took their place; `copied` for a CC, who never acts.
 */
export const signingRecipientStatuses = [
  'waiting',
  'open',
  'signed',
  'approved',
  'viewed',
  'declined',
  'rejected',
  'delegated',
  'copied',
] as const;
export type SigningRecipientStatus = (typeof signingRecipientStatuses)[number];

/**
 * `sent` while people act; `sealing` once every signer, approver and viewer is done, until the signed
 * copy is sealed; then `completed`. `declined` (a signer declined or an approver rejected), `expired`
 * and `cancelled` end it unsealed.
 */
export const signingRequestStatuses = ['sent', 'sealing', 'completed', 'declined', 'expired', 'cancelled'] as const;
export type SigningRequestStatus = (typeof signingRequestStatuses)[number];

/** The audit trail's kinds of event, in the order a request usually meets them. */
export const signingEventTypes = [
  'sent',
  'mailed',
  'codeSent',
  'verified',
  'viewed',
  'signed',
  'approved',
  'rejected',
  'declined',
  'delegated',
  'completed',
  'sealed',
  'cancelled',
  'expired',
] as const;
export type SigningEventType = (typeof signingEventTypes)[number];

const recipientInputSchema = z.strictObject({
  /** The role (of the template, or of `source.roles`) this person takes. */
  roleId: templateRoleSchema.shape.id,
  name: z.string().trim().min(1).max(signingRecipientNameMaxLength),
  email: emailSchema,
});
export type SigningRecipientInput = z.infer<typeof recipientInputSchema>;

/**
 * What is sent: a template of the team (its roles and fields are copied into the request), or a
 * document of the library with roles and fields placed for this request alone.
 */
const signingSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('template'), templateId: objectIdSchema }),
  z.strictObject({
    kind: z.literal('document'),
    documentId: objectIdSchema,
    roles: z.array(templateRoleSchema).min(1).max(signingRolesMax),
    fields: z.array(templateFieldSchema).max(templateFieldsMax),
  }),
]);

const dayMs = 24 * 60 * 60_000;

type RolesAndFields = { roles: TemplateRole[]; fields: TemplateField[] };

/**
 * What a document's own roles and fields must be, with the paths of the request (`source.fields.3.roleId`):
 * unique ids, stages 1..n without gaps, fields of known roles that fill fields and inside their page,
 * and at least one field per signer (a signer with nothing to sign would sign nothing).
 */
function checkDocumentRoles({ roles, fields }: RolesAndFields, context: z.RefinementCtx): void {
  const at = (...path: (string | number)[]) => ['source', ...path];
  const roleById = new Map<string, TemplateRole>();
  roles.forEach((role, index) => {
    if (roleById.has(role.id)) {
      context.addIssue({ code: 'custom', path: at('roles', index, 'id'), message: 'Another role has this id' });
    }
    roleById.set(role.id, role);
  });
  const stages = [...new Set(roles.map((role) => role.order))].sort((left, right) => left - right);
  if (stages.some((stage, index) => stage !== index + 1)) {
    context.addIssue({ code: 'custom', path: at('roles'), message: 'Stages must run 1, 2, 3 … without gaps' });
  }
  const fieldIds = new Set<string>();
  const rolesWithFields = new Set<string>();
  fields.forEach((field, index) => {
    if (fieldIds.has(field.id)) {
      context.addIssue({ code: 'custom', path: at('fields', index, 'id'), message: 'Another field has this id' });
    }
    fieldIds.add(field.id);
    const role = roleById.get(field.roleId);
    if (!role) {
      context.addIssue({ code: 'custom', path: at('fields', index, 'roleId'), message: 'No role has this id' });
    } else if (!templateRoleKindsWithFields.includes(role.kind)) {
      context.addIssue({ code: 'custom', path: at('fields', index, 'roleId'), message: 'This role fills no fields' });
    }
    rolesWithFields.add(field.roleId);
    if (field.x + field.width > 1 + templateEdgeTolerance || field.y + field.height > 1 + templateEdgeTolerance) {
      context.addIssue({ code: 'custom', path: at('fields', index), message: 'The field passes the edge of its page' });
    }
  });
  roles.forEach((role, index) => {
    if (role.kind === 'signer' && !rolesWithFields.has(role.id)) {
      context.addIssue({ code: 'custom', path: at('roles', index), message: 'A signer needs at least one field' });
    }
  });
}

/**
 * POST /signing-requests: sends at once. Emails are unique per request; each role gets exactly one
 * person (for a template the api checks that against the template's roles).
 */
export const createSigningRequestRequestSchema = z
  .strictObject({
    /** The template's or the document's name when not given. */
    title: z.string().trim().min(1).max(signingTitleMaxLength).optional(),
    source: signingSourceSchema,
    recipients: z.array(recipientInputSchema).min(1).max(signingRecipientsMax),
    message: z.string().trim().max(signingMessageMaxLength).optional(),
    /** The language of every mail and page the recipients get; the sender's own language when not given. */
    language: localeSchema.optional(),
    /** In the future, within a year; 30 days from now when not given. */
    expiresAt: z.iso.datetime().optional(),
    /** Remind whoever's turn it is every so many days; never when null. */
    reminderEveryDays: z.number().int().min(1).max(signingReminderMaxDays).nullable().default(null),
    /** May a recipient hand their part to another person? */
    allowDelegation: z.boolean().default(false),
  })
  .superRefine((request, context) => {
    const emails = new Set<string>();
    const roleIds = new Set<string>();
    request.recipients.forEach((recipient, index) => {
      if (emails.has(recipient.email)) {
        context.addIssue({ code: 'custom', path: ['recipients', index, 'email'], message: 'Another recipient has it' });
      }
      emails.add(recipient.email);
      if (roleIds.has(recipient.roleId)) {
        context.addIssue({ code: 'custom', path: ['recipients', index, 'roleId'], message: 'Another has this role' });
      }
      roleIds.add(recipient.roleId);
    });
    if (request.expiresAt !== undefined) {
      const expiresAt = Date.parse(request.expiresAt);
      if (expiresAt <= Date.now() || expiresAt > Date.now() + signingExpiryMaxDays * dayMs) {
        context.addIssue({ code: 'custom', path: ['expiresAt'], message: 'Must lie in the future, within a year' });
      }
    }
    if (request.source.kind !== 'document') return;
    checkDocumentRoles(request.source, context);
    const known = new Set(request.source.roles.map((role) => role.id));
    request.recipients.forEach((recipient, index) => {
      if (!known.has(recipient.roleId)) {
        context.addIssue({ code: 'custom', path: ['recipients', index, 'roleId'], message: 'No role has this id' });
      }
    });
    request.source.roles.forEach((role, index) => {
      if (!roleIds.has(role.id)) {
        context.addIssue({ code: 'custom', path: ['source', 'roles', index], message: 'Nobody takes this role' });
      }
    });
  });
export type CreateSigningRequestRequest = z.input<typeof createSigningRequestRequestSchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });

/** A recipient as the sending team sees them. */
export const signingRecipientSchema = z.object({
  id: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(signingRecipientKinds),
  stage: z.number().int().min(1),
  status: z.enum(signingRecipientStatuses),
  mailedAt: z.iso.datetime().nullable(),
  verifiedAt: z.iso.datetime().nullable(),
  viewedAt: z.iso.datetime().nullable(),
  actedAt: z.iso.datetime().nullable(),
  /** Where and on what they last acted (signed, approved, viewed, declined, delegated). */
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  declineReason: z.string().nullable(),
  /** The recipient who took this one's place. */
  delegatedTo: z.string().nullable(),
});
export type SigningRecipient = z.infer<typeof signingRecipientSchema>;

/** One event of the audit trail: what happened (`data`, hashed as stored), chained by the hashes. */
export const signingEventSchema = z.object({
  seq: z.number().int().min(1),
  type: z.enum(signingEventTypes),
  at: z.iso.datetime(),
  data: z.record(z.string(), z.unknown()),
  prevHash: z.string().nullable(),
  hash: z.string(),
});
export type SigningEvent = z.infer<typeof signingEventSchema>;

/** A request as the list shows it (GET /signing-requests). */
export const signingRequestSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(signingRequestStatuses),
  /** The stage whose people may act now; null once the request is closed. */
  openStage: z.number().int().min(1).nullable(),
  stageCount: z.number().int().min(1),
  recipientCount: z.number().int().min(0),
  /** Signers, approvers and viewers done. */
  doneCount: z.number().int().min(0),
  /** Signers, approvers and viewers in all. */
  actorCount: z.number().int().min(0),
  sender: personSchema,
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  closedAt: z.iso.datetime().nullable(),
  /** The caller may withdraw and delete it: who sent it, or the team's owner or an admin. */
  mayManage: z.boolean(),
});
export type SigningRequestSummary = z.infer<typeof signingRequestSummarySchema>;

export const signingRequestListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const signingRequestListResponseSchema = z.object({
  requests: z.array(signingRequestSummarySchema),
  page: z.number().int().min(1),
  pageCount: z.number().int().min(0),
  total: z.number().int().min(0),
});
export type SigningRequestListResponse = z.infer<typeof signingRequestListResponseSchema>;

/** A whole request (POST, GET /signing-requests/{id}): its people, fields and audit trail. */
export const signingRequestSchema = signingRequestSummarySchema.extend({
  source: z.object({ kind: z.enum(['document', 'template']), id: z.string(), name: z.string() }),
  message: z.string().nullable(),
  language: localeSchema,
  reminderEveryDays: z.number().int().nullable(),
  allowDelegation: z.boolean(),
  pageCount: z.number().int().min(1),
  roles: z.array(templateRoleSchema),
  fields: z.array(templateFieldSchema),
  recipients: z.array(signingRecipientSchema),
  original: z.object({ sha256: z.string(), size: z.number().int().min(0) }),
  /** The sealed copy, once there is one. */
  signed: z.object({ sha256: z.string(), size: z.number().int().min(0), sealedAt: z.iso.datetime() }).nullable(),
  events: z.array(signingEventSchema),
  /** Whether every event still carries the hash of the one before (verifyChain). */
  chain: z.object({ isValid: z.boolean(), brokenAt: z.number().int().min(1).nullable() }),
  /** What sent it when no person did: a form's submission; null when a member sent it, or the form is gone. */
  origin: z
    .object({ kind: z.literal('submission'), formId: z.string(), submissionId: z.string(), formTitle: z.string() })
    .nullable(),
});
export type SigningRequest = z.infer<typeof signingRequestSchema>;

export const signingRequestParamsSchema = z.object({ requestId: objectIdSchema });

export const signingRequestFileQuerySchema = z.object({
  version: z.enum(['original', 'signed']).default('original'),
  inline: z.literal('1').optional(),
});

// The recipients' side: reached by the 256-bit link in their mails, without an account.

/** The link's token: 32 bytes in base64url. */
export const signingTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });

/**
 * GET /signing/{token}: what the recipient may see: the request, their own part and fields, never
 * another recipient's address.
 */
export const signingViewSchema = z.object({
  title: z.string(),
  sender: z.object({ name: z.string() }),
  message: z.string().nullable(),
  language: localeSchema,
  status: z.enum(signingRequestStatuses),
  expiresAt: z.iso.datetime(),
  pageCount: z.number().int().min(1),
  allowDelegation: z.boolean(),
  recipient: z.object({
    name: z.string(),
    email: z.string(),
    kind: z.enum(signingRecipientKinds),
    roleName: z.string(),
    stage: z.number().int().min(1),
    status: z.enum(signingRecipientStatuses),
    /** Their stage is open (a CC's always is): they may act, once verified. */
    isStageOpen: z.boolean(),
    /** This browser proved, by the mailed code, to be the recipient's. */
    isVerified: z.boolean(),
    fields: z.array(templateFieldSchema),
    /**
     * Fields of their role filled from the form's answers before sending, with their values (a date as
     * `YYYY-MM-DD`, a checkbox as a boolean): drawn into the seal as they are, the recipient cannot
     * change them, and they are not among `fields`.
     */
    prefilled: z.array(z.object({ field: templateFieldSchema, value: z.union([z.string(), z.boolean()]) })),
  }),
  /** The sealed copy is at GET /signing/{token}/signed, its certificate page(s) alone at GET /signing/{token}/certificate. */
  hasSignedCopy: z.boolean(),
});
export type SigningView = z.infer<typeof signingViewSchema>;

/** POST /signing/{token}/code: where the code went (the address partly hidden) and until when it is valid. */
export const signingCodeResponseSchema = z.object({ sentTo: z.string(), expiresAt: z.iso.datetime() });
export type SigningCodeResponse = z.infer<typeof signingCodeResponseSchema>;

export const signingVerifyRequestSchema = z.strictObject({
  code: z.string().regex(new RegExp(`^\\d{${signingCodeLength}}$`)),
});
export type SigningVerifyRequest = z.input<typeof signingVerifyRequestSchema>;

export const signingVerifyResponseSchema = z.object({ verifiedUntil: z.iso.datetime() });

/** The `details` of SIGNING_CODE_INVALID: why, and how many tries the code has left. */
export const signingCodeInvalidDetailsSchema = z.object({
  reason: z.enum(['wrong', 'expired', 'none']),
  triesLeft: z.number().int().min(0),
});
export type SigningCodeInvalidDetails = z.infer<typeof signingCodeInvalidDetailsSchema>;

/**
 * A field's value by its kind: text, name, email and date (`YYYY-MM-DD`) as strings, a checkbox as a
 * boolean, signature and initials as a PNG in base64.
 */
export const signingFieldValueSchema = z.union([
  z.string().max(1000),
  z.boolean(),
  z.strictObject({ png: z.base64().max(Math.ceil(signingImageMaxBytes / 3) * 4) }),
]);
export type SigningFieldValue = z.infer<typeof signingFieldValueSchema>;

const signingValuesSchema = z.record(templateFieldSchema.shape.id, signingFieldValueSchema);

/** POST /signing/{token}/sign: a value for every required field of theirs (others may be left out). */
export const signingSignRequestSchema = z.strictObject({ values: signingValuesSchema });
export type SigningSignRequest = z.input<typeof signingSignRequestSchema>;

/** POST /signing/{token}/approve: an approver's fields, when the role has any. */
export const signingApproveRequestSchema = z.strictObject({ values: signingValuesSchema.default({}) });

/** POST /signing/{token}/decline (a signer) and /reject (an approver): ends the request for everyone. */
export const signingReasonRequestSchema = z.strictObject({
  reason: z.string().trim().min(1).max(signingReasonMaxLength),
});

/** POST /signing/{token}/delegate: the person who takes the recipient's place, with a link of their own. */
export const signingDelegateRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(signingRecipientNameMaxLength),
  email: emailSchema,
});
