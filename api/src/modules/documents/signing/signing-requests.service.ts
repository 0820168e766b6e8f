import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type createSigningRequestRequestSchema,
  type SigningEvent,
  type SigningEventType,
  type SigningRecipient,
  type SigningRequest,
  type SigningRequestListResponse,
  type SigningRequestSummary,
  signingEventTypes,
  signingExpiryDefaultDays,
  signingRequestPageSize,
  type TemplateField,
  type TemplateRole,
  type ValidationIssue,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import type { z } from 'zod';
import { blockOf, planPage } from '../../../platform/block-paging';
import { isDuplicateKey } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { openLibraryFile, removeLibraryFile, storeLibraryFile } from '../../files/files.service';
import { findFormById } from '../../forms/forms.service';
import { releaseTeamStorage, reserveTeamStorage } from '../../storage/team-storage';
import type { User } from '../../users/user.model';
import { findUserById } from '../../users/users.service';
import { type Actor, cleanName, openDocumentFile } from '../documents.service';
import { toFieldDto, toRoleDto } from '../placed-fields';
import { canonicalJson } from '../sealing/audit-trail';
import type { PdfToSend } from '../send-pdf';
import { openDocumentTemplateFile } from '../templates/document-templates.service';
import { assertRunning, isExpired, pdfNameOf } from './signing.service';
import { SigningCodeModel } from './signing-code.model';
import { findSigningCounter, recordSigningRemoval, takeSigningSeq } from './signing-counters';
import { SigningEventModel, type StoredSigningEvent } from './signing-event.model';
import { readSigningTrail } from './signing-events';
import { SigningLinkModel } from './signing-link.model';
import { mailCancelled, mailCopy, mailTurn } from './signing-mails';
import { addJob, createEffects, type Effects } from './signing-outbox';
import { expireSigningRequestJobName, remindSigningRecipientsJobName } from './signing-queue';
import { createRecipient } from './signing-recipients';
import {
  type PrefilledValue,
  SigningRequestModel,
  type SigningRequestOrigin,
  type StoredRecipient,
  type StoredSigningRequest,
} from './signing-request.model';
import { isBlocking, isDone, openStageOf, openStages, stageCountOf } from './signing-stages';
import { nextReminderAt } from './signing-timers';
import { followUp, pendingEventsOf, signingRequestNotFound, transitionRequest } from './signing-transitions';
import { SigningValuesModel } from './signing-values.model';

// Signing requests as the sending team sees them (decision 022): sending one, the list, a request with
// its people and audit trail, withdrawing it, and its original and signed PDFs.

type CreateSigningRequest = z.output<typeof createSigningRequestRequestSchema>;

const dayMs = 24 * 60 * 60_000;

const invalid = (issues: ValidationIssue[]) =>
  new AppError('VALIDATION_FAILED', 400, 'The request cannot be sent like this', { issues });

/** Another team's request answers 404, exactly like one that does not exist. */
async function findRequestOfTeam(teamId: number, requestId: string): Promise<StoredSigningRequest> {
  const request = await SigningRequestModel.findOne({ _id: requestId, teamId }).lean<StoredSigningRequest>();
  if (!request) throw signingRequestNotFound();
  return request;
}

/** What is sent, read from the team's library or templates, with its bytes. */
type Source = {
  kind: 'document' | 'template';
  id: string;
  name: string;
  bytes: Buffer;
  pageCount: number;
  roles: TemplateRole[];
  fields: TemplateField[];
};

async function readAll(stream: Readable, what: string): Promise<Buffer> {
  try {
    return Buffer.concat(await stream.toArray());
  } catch {
    // Deleted between reading its record and its bytes.
    throw new AppError('NOT_FOUND', 404, `No such ${what}`);
  }
}

async function readSource(teamId: number, source: CreateSigningRequest['source']): Promise<Source> {
  if (source.kind === 'document') {
    const { document, stream } = await openDocumentFile(teamId, source.documentId);
    return {
      kind: 'document',
      id: source.documentId,
      name: document.name.replace(/\.pdf$/i, '') || document.name,
      bytes: await readAll(stream, 'document'),
      pageCount: document.pageCount,
      roles: source.roles,
      fields: source.fields,
    };
  }
  const { template, stream } = await openDocumentTemplateFile(teamId, source.templateId);
  // The template's stages as they stand (1, 3 becomes 1, 2): the order of its roles is what it says.
  const orders = [...new Set(template.roles.map((role) => role.order))].sort((left, right) => left - right);
  return {
    kind: 'template',
    id: source.templateId,
    name: template.name,
    bytes: await readAll(stream, 'template'),
    pageCount: template.pageCount,
    roles: template.roles.map(({ id, name, kind, order }) => ({ id, name, kind, order: orders.indexOf(order) + 1 })),
    fields: template.fields.map((field) =>
      toFieldDto({ ...field, prefillKey: field.prefillKey ?? null, label: field.label ?? null }),
    ),
  };
}

/**
 * What the contract cannot check alone: each role of the source taken by exactly one recipient (for a
 * template, whose roles only the api knows), each field on one of the PDF's pages, each signer with a
 * field, and someone who signs or approves.
 */
function checkSource(
  source: Source,
  recipients: CreateSigningRequest['recipients'],
  prefilled: Record<string, PrefilledValue>,
): void {
  const issues: ValidationIssue[] = [];
  const roleIds = new Set(source.roles.map((role) => role.id));
  recipients.forEach((recipient, index) => {
    if (!roleIds.has(recipient.roleId)) {
      issues.push({ path: ['recipients', index, 'roleId'], code: 'unknown', message: 'No role has this id' });
    }
  });
  const taken = new Set(recipients.map((recipient) => recipient.roleId));
  for (const role of source.roles) {
    if (!taken.has(role.id)) {
      issues.push({ path: ['recipients'], code: 'missing', message: `Nobody takes the role “${role.name}”` });
    }
  }
  source.fields.forEach((field, index) => {
    if (field.page >= source.pageCount) {
      issues.push({ path: ['source', 'fields', index, 'page'], code: 'too_big', message: 'The PDF has no such page' });
    }
  });
  // A field filled before sending is nobody's to fill: a signer needs one of their own.
  const rolesWithFields = new Set(
    source.fields.filter((field) => prefilled[field.id] === undefined).map((field) => field.roleId),
  );
  for (const role of source.roles) {
    if (role.kind === 'signer' && !rolesWithFields.has(role.id)) {
      issues.push({ path: ['source'], code: 'no_fields', message: `The signer “${role.name}” has no field` });
    }
  }
  if (!source.roles.some((role) => role.kind === 'signer' || role.kind === 'approver')) {
    issues.push({ path: ['recipients'], code: 'no_signer', message: 'Nobody signs or approves' });
  }
  if (issues.length > 0) throw invalid(issues);
}

/**
 * Stores the request's own copy of the PDF, counted against the team's storage. A reference to the
 * library's document or the template's file would not do: either may be deleted (taking the file with
 * it) while the request runs, and the signed copy must be sealed from exactly the bytes that were sent.
 */
async function storeCopy(teamId: number, name: string, bytes: Buffer): Promise<string> {
  await reserveTeamStorage(teamId, bytes.length);
  try {
    return await storeLibraryFile(teamId, cleanName(`${name}.pdf`), bytes);
  } catch (error) {
    await releaseTeamStorage(teamId, bytes.length);
    throw error;
  }
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** When each recipient last proved their mailbox and first looked at the document, from the trail. */
function timesOf(events: StoredSigningEvent[]) {
  const verifiedAt = new Map<string, string>();
  const viewedAt = new Map<string, string>();
  for (const { data } of events) {
    const { type, recipientId, at } = data;
    if (typeof recipientId !== 'string' || typeof at !== 'string') continue;
    if (type === 'verified') verifiedAt.set(recipientId, at);
    if (type === 'viewed' && !viewedAt.has(recipientId)) viewedAt.set(recipientId, at);
  }
  return { verifiedAt, viewedAt };
}

function toRecipientDto(recipient: StoredRecipient, times: ReturnType<typeof timesOf>): SigningRecipient {
  return {
    id: recipient.id,
    roleId: recipient.roleId,
    roleName: recipient.roleName,
    name: recipient.name,
    email: recipient.email,
    kind: recipient.kind,
    stage: recipient.stage,
    status: recipient.status,
    mailedAt: iso(recipient.mailedAt),
    verifiedAt: times.verifiedAt.get(recipient.id) ?? null,
    viewedAt: times.viewedAt.get(recipient.id) ?? null,
    actedAt: iso(recipient.actedAt),
    ipAddress: recipient.ip,
    userAgent: recipient.userAgent,
    declineReason: recipient.declineReason,
    delegatedTo: recipient.delegatedTo,
  };
}

const isEventType = (type: unknown): type is SigningEventType =>
  (signingEventTypes as readonly unknown[]).includes(type);

function toEventDto(event: StoredSigningEvent): SigningEvent {
  const { type, at } = event.data;
  if (!isEventType(type) || typeof at !== 'string') {
    throw new Error(`Event ${event.seq} of signing request ${event.requestId.toString()} has no type or time`);
  }
  return { seq: event.seq, type, at, data: event.data, prevHash: event.prevHash, hash: event.hash };
}

/** Who sent a request, and the team's owner and admins, withdraw and delete it. */
const mayManage = (actor: Actor, request: StoredSigningRequest) =>
  request.senderId.toString() === actor.userId || actor.role === 'owner' || actor.role === 'admin';

function toSummaryDto(request: StoredSigningRequest, actor: Actor): SigningRequestSummary {
  const actors = request.recipients.filter(isBlocking);
  const now = new Date();
  return {
    id: request._id.toString(),
    title: request.title,
    status: isExpired(request, now) ? 'expired' : request.status,
    openStage: request.status === 'sent' && !isExpired(request, now) ? openStageOf(request.recipients) : null,
    stageCount: stageCountOf(request.recipients),
    recipientCount: request.recipients.filter((recipient) => recipient.status !== 'delegated').length,
    doneCount: actors.filter(isDone).length,
    actorCount: actors.length,
    sender: { id: request.senderId.toString(), name: request.senderName },
    createdAt: request.createdAt.toISOString(),
    expiresAt: request.expiresAt.toISOString(),
    closedAt: iso(request.closedAt),
    mayManage: mayManage(actor, request),
  };
}

/**
 * The form whose submission sent the request, with its title as it is now (one read by id, on the
 * request's page only: the list names no origin); none once the form is deleted.
 */
async function originOf(request: StoredSigningRequest): Promise<SigningRequest['origin']> {
  if (!request.origin) return null;
  const form = await findFormById(request.origin.formId);
  if (!form || form.teamId !== request.teamId) return null;
  const { kind, formId, submissionId } = request.origin;
  return { kind, formId, submissionId, formTitle: form.title };
}

async function toRequestDto(request: StoredSigningRequest, actor: Actor): Promise<SigningRequest> {
  const [{ events, chain }, origin] = await Promise.all([readSigningTrail(request._id), originOf(request)]);
  const times = timesOf(events);
  return {
    ...toSummaryDto(request, actor),
    source: request.source,
    message: request.message,
    language: request.language,
    reminderEveryDays: request.reminderEveryDays,
    allowDelegation: request.allowDelegation,
    pageCount: request.pageCount,
    roles: request.roles.map(toRoleDto),
    fields: request.fields.map(toFieldDto),
    recipients: request.recipients.map((recipient) => toRecipientDto(recipient, times)),
    original: { sha256: request.sha256, size: request.size },
    signed: request.sealed
      ? { sha256: request.sealed.sha256, size: request.sealed.size, sealedAt: request.sealed.sealedAt.toISOString() }
      : null,
    events: events.map(toEventDto),
    chain: chain.valid ? { isValid: true, brokenAt: null } : { isValid: false, brokenAt: chain.brokenAt + 1 },
    origin,
  };
}

/**
 * The people of a new request in their roles, the first stage opened: its people and every CC are
 * mailed at once (`mailedAt`), the later stages wait.
 */
function firstRecipients(
  requestId: Types.ObjectId,
  roles: TemplateRole[],
  inputs: CreateSigningRequest['recipients'],
  now: Date,
): StoredRecipient[] {
  const roleById = new Map(roles.map((role) => [role.id, role]));
  const people = inputs.flatMap(({ roleId, name, email }) => {
    const role = roleById.get(roleId);
    if (!role) return [];
    const status = role.kind === 'cc' ? 'copied' : 'waiting';
    return [
      createRecipient(requestId, {
        roleId,
        roleName: role.name,
        name,
        email,
        kind: role.kind,
        stage: role.order,
        status,
      }),
    ];
  });
  const { recipients, opened } = openStages(people);
  const isMailed = (recipient: StoredRecipient) =>
    recipient.kind === 'cc' || opened.some(({ id }) => id === recipient.id);
  return recipients.map((recipient) => (isMailed(recipient) ? { ...recipient, mailedAt: now } : recipient));
}

type Sending = Pick<
  StoredSigningRequest,
  'title' | 'language' | 'senderName' | 'senderEmail' | 'senderLocale' | 'message' | 'expiresAt' | 'reminderEveryDays'
>;

/** What sending sets off: the `sent` event, the mails of the first stage and the CCs, the expiry, the first reminder. */
function sendingEffects(
  requestId: Types.ObjectId,
  sending: Sending & { senderId: string; sha256: string; prefilled: Record<string, PrefilledValue> },
  recipients: StoredRecipient[],
  now: Date,
): Effects {
  // Values fixed before sending are drawn into the seal: the trail names them by their hash, as it
  // names each signer's values.
  const prefilledFields = Object.keys(sending.prefilled);
  const effects = createEffects();
  effects.events.push({
    key: 'sent',
    data: {
      type: 'sent',
      at: now.toISOString(),
      title: sending.title,
      senderId: sending.senderId,
      senderName: sending.senderName,
      senderEmail: sending.senderEmail,
      originalSha256: sending.sha256,
      recipients: recipients.length,
      stages: stageCountOf(recipients),
      ...(prefilledFields.length > 0
        ? {
            prefilledSha256: createHash('sha256').update(canonicalJson(sending.prefilled)).digest('hex'),
            prefilledFieldIds: prefilledFields,
          }
        : {}),
    },
  });
  for (const recipient of recipients) {
    if (recipient.kind === 'cc') mailCopy(effects, sending, recipient, now);
    else if (recipient.mailedAt) mailTurn(effects, sending, recipient, now, { occasion: 'turn' });
  }
  const data = { requestId: requestId.toString() };
  addJob(effects, expireSigningRequestJobName, data, sending.expiresAt);
  const firstReminder = nextReminderAt(sending, now);
  if (firstReminder) addJob(effects, remindSigningRecipientsJobName, { ...data, round: 1 }, firstReminder);
  return effects;
}

/** POST /signing-requests: a member sends a document or template to the people they chose. */
export async function createSigningRequest(actor: Actor, body: CreateSigningRequest): Promise<SigningRequest> {
  const sender = await findUserById(actor.userId);
  if (!sender) throw new AppError('UNAUTHENTICATED', 401);
  return toRequestDto(await sendSigningRequest({ teamId: actor.teamId, sender }, body), actor);
}

/** What a request started by no one's click brings besides the body: its id, fixed values, its origin. */
export type PresetSending = {
  /** Chosen by the caller, so that a second try of the same start finds the first (a duplicate key). */
  _id: Types.ObjectId;
  /** The values of the source's fields filled before sending (by field id), from its fields as read. */
  prefill: (fields: readonly TemplateField[]) => Record<string, PrefilledValue>;
  origin: SigningRequestOrigin;
};

type Sender = Pick<User, '_id' | 'name' | 'email' | 'locale'>;

/**
 * Checks the people against the source's roles, keeps a copy of the PDF and the roles and fields as they
 * are now (a template edited later changes nothing here), numbers the request in the team, and sends it:
 * the first stage and every CC are mailed, the expiry (and the first reminder) queued. What a failure
 * after storing the copy leaves behind is taken back, also when a request of the preset id was stored
 * first (the duplicate key is thrown on).
 */
export async function sendSigningRequest(
  { teamId, sender }: { teamId: number; sender: Sender },
  body: CreateSigningRequest,
  preset?: PresetSending,
): Promise<StoredSigningRequest> {
  const source = await readSource(teamId, body.source);
  const fieldIds = new Set(source.fields.map((field) => field.id));
  const prefilled = Object.fromEntries(
    Object.entries(preset?.prefill(source.fields) ?? {}).filter(([fieldId]) => fieldIds.has(fieldId)),
  );
  checkSource(source, body.recipients, prefilled);
  const now = new Date();
  const _id = preset?._id ?? new Types.ObjectId();
  const sending: Sending = {
    title: body.title ?? source.name,
    language: body.language ?? sender.locale,
    senderName: sender.name,
    senderEmail: sender.email,
    senderLocale: sender.locale,
    message: body.message || null,
    expiresAt: body.expiresAt ? new Date(body.expiresAt) : new Date(now.getTime() + signingExpiryDefaultDays * dayMs),
    reminderEveryDays: body.reminderEveryDays,
  };
  const sha256 = createHash('sha256').update(source.bytes).digest('hex');
  const recipients = firstRecipients(_id, source.roles, body.recipients, now);
  const fileId = await storeCopy(teamId, sending.title, source.bytes);
  let seq: number | undefined;
  let isStored = false;
  try {
    seq = await takeSigningSeq(teamId);
    // The links before the request: once it is stored (and mails go out) every link leads to it.
    await SigningLinkModel.insertMany(recipients.map(({ tokenHash }) => ({ _id: tokenHash, requestId: _id })));
    const effects = sendingEffects(
      _id,
      { ...sending, senderId: sender._id.toString(), sha256, prefilled },
      recipients,
      now,
    );
    const created = await SigningRequestModel.create({
      ...sending,
      _id,
      teamId,
      source: { kind: source.kind, id: source.id, name: source.name },
      fileId,
      size: source.bytes.length,
      pageCount: source.pageCount,
      sha256,
      senderId: sender._id,
      reminderRound: 1,
      allowDelegation: body.allowDelegation,
      roles: source.roles,
      fields: source.fields.map((field) => ({
        ...field,
        prefillKey: field.prefillKey ?? null,
        label: field.label ?? null,
      })),
      prefilled,
      origin: preset?.origin ?? null,
      recipients,
      status: 'sent',
      sealed: null,
      rev: 0,
      outbox: effects.outbox,
      pendingEvents: pendingEventsOf(effects.events, 0),
      hasFollowUp: true,
      followUpSince: now,
      seq,
      block: blockOf(seq),
      createdAt: now,
      updatedAt: now,
      closedAt: null,
    });
    isStored = true;
    const stored = created.toObject() as StoredSigningRequest;
    await followUp(stored);
    return stored;
  } catch (error) {
    // Stored, the request stands (a follow-up left undone is the repair job's); not stored, nothing of it
    // stays. A duplicate key is another try's request of the same preset id, not this one's.
    if (!isStored && (isDuplicateKey(error) || !(await SigningRequestModel.exists({ _id })))) {
      // Its own links, by their ids: the other try's links name the same request.
      await Promise.all(recipients.map(({ tokenHash }) => SigningLinkModel.deleteOne({ _id: tokenHash })));
      await removeLibraryFile(fileId);
      await releaseTeamStorage(teamId, source.bytes.length);
      if (seq !== undefined) await recordSigningRemoval(teamId, blockOf(seq));
    }
    throw error;
  }
}

const newestFirst = (left: StoredSigningRequest, right: StoredSigningRequest) => right.seq - left.seq;
// The list shows counts and names: it never reads the fields or what waits to be queued.
const listed = { fields: 0, outbox: 0, pendingEvents: 0 } as const;

/**
 * GET /signing-requests: a page of the team's requests, newest first, planned from the team's counter
 * and read by equality on the one or two blocks that hold it, so page 200 costs what page 1 does.
 */
export async function listSigningRequests(actor: Actor, page: number): Promise<SigningRequestListResponse> {
  const { teamId } = actor;
  const counter = await findSigningCounter(teamId);
  const skip = (page - 1) * signingRequestPageSize;
  const { blocks, offset } = planPage(counter, { skip, take: signingRequestPageSize, order: 'desc' });
  const read = await Promise.all(
    blocks.map((block) => SigningRequestModel.find({ teamId, block }, listed).lean<StoredSigningRequest[]>()),
  );
  const requests = read
    // Numbered after the counter was read: on the next look, with the total that counts them.
    .flatMap((inBlock) => inBlock.filter((request) => request.seq <= counter.seq).sort(newestFirst))
    .slice(offset, offset + signingRequestPageSize);
  const total = Math.max(0, counter.count);
  return {
    requests: requests.map((request) => toSummaryDto(request, actor)),
    page,
    pageCount: Math.ceil(total / signingRequestPageSize),
    total,
  };
}

/** GET /signing-requests/{id}: the request, its people and its audit trail, checked. */
export async function findSigningRequest(actor: Actor, requestId: string): Promise<SigningRequest> {
  return toRequestDto(await findRequestOfTeam(actor.teamId, requestId), actor);
}

function assertMaySteer(actor: Actor, request: StoredSigningRequest): void {
  if (!mayManage(actor, request)) {
    throw new AppError('FORBIDDEN', 403, 'Only who sent it, or the team’s owner and admins, may change this');
  }
}

/**
 * POST /signing-requests/{id}/cancel: the sender, or the team's owner and admins, withdraw a request
 * still waiting for people; everyone mailed so far is told.
 */
export async function cancelSigningRequest(actor: Actor, requestId: string): Promise<SigningRequest> {
  const request = await findRequestOfTeam(actor.teamId, requestId);
  assertMaySteer(actor, request);
  const canceller = await findUserById(actor.userId);
  const stored = await transitionRequest(
    request._id,
    (current) => {
      const now = new Date();
      assertRunning(current, now);
      const effects = createEffects();
      effects.events.push({
        key: 'cancelled',
        data: { type: 'cancelled', at: now.toISOString(), byUserId: actor.userId, byName: canceller?.name ?? '' },
      });
      mailCancelled(effects, current, now);
      return { set: { status: 'cancelled', closedAt: now }, ...effects };
    },
    { status: 'sent' },
  );
  return toRequestDto(stored, actor);
}

/**
 * DELETE /signing-requests/{id}: a closed request (completed, declined, expired, withdrawn) goes with all
 * of it: its copy of the PDF and its sealed copy (their bytes given back to the team's storage), the
 * recipients' links, codes and accepted values, and the audit trail. A request still running, or whose
 * last transition's follow-up (events, mails) is not out yet, is refused: what that follow-up appended
 * after the trail was removed would outlive it. The request goes first: if the rest is cut off, what
 * is left is found by nobody and only takes space.
 */
export async function deleteSigningRequest(actor: Actor, requestId: string): Promise<void> {
  const request = await findRequestOfTeam(actor.teamId, requestId);
  assertMaySteer(actor, request);
  const running = () => new AppError('SIGNING_RUNNING', 409, 'This request is still running: withdraw it first');
  if (request.status === 'sent' || request.status === 'sealing') throw running();
  // Closed is final: the guard is that nothing of its last transition is still on its way.
  const removed = await SigningRequestModel.findOneAndDelete({
    _id: request._id,
    teamId: actor.teamId,
    hasFollowUp: false,
  }).lean<StoredSigningRequest>();
  if (!removed) throw running();
  await Promise.all([
    SigningLinkModel.deleteMany({ requestId: removed._id }),
    // A code's id is `<request>:<recipient>`: found by equality, one each.
    ...removed.recipients.map((recipient) => SigningCodeModel.deleteOne({ _id: `${removed._id}:${recipient.id}` })),
    SigningValuesModel.deleteMany({ requestId: removed._id }),
    SigningEventModel.deleteMany({ requestId: removed._id }),
    removeLibraryFile(removed.fileId),
    removed.sealed ? removeLibraryFile(removed.sealed.fileId) : undefined,
    releaseTeamStorage(actor.teamId, removed.size + (removed.sealed?.size ?? 0)),
    recordSigningRemoval(actor.teamId, removed.block),
  ]);
}

/** GET /signing-requests/{id}/file?version=: the PDF as sent, or the sealed copy once there is one. */
export async function openSigningRequestFile(
  teamId: number,
  requestId: string,
  version: 'original' | 'signed',
): Promise<PdfToSend> {
  const request = await findRequestOfTeam(teamId, requestId);
  if (version === 'original') {
    return { name: pdfNameOf(request, 'original'), size: request.size, stream: openLibraryFile(request.fileId) };
  }
  if (!request.sealed) throw new AppError('NOT_FOUND', 404, 'The signed copy is not there yet');
  return {
    name: pdfNameOf(request, 'signed'),
    size: request.sealed.size,
    stream: openLibraryFile(request.sealed.fileId),
  };
}
