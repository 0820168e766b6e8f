import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  type SigningCodeInvalidDetails,
  type SigningCodeResponse,
  type SigningFieldValue,
  type SigningRecipientKind,
  type SigningView,
  signingCodeMaxTries,
  signingCodeValidMinutes,
  signingRecipientsMax,
  type ValidationDetails,
} from '@formwerk/contracts';
import { PDF } from '@libpdf/core';
import { isDuplicateKey } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { hashToken } from '../../../platform/tokens';
import { openLibraryFile } from '../../files/files.service';
import { queueMail } from '../../mail/mail.service';
import { cleanName } from '../documents.service';
import type { PdfToSend } from '../send-pdf';
import { type SigningCode, SigningCodeModel } from './signing-code.model';
import { appendSigningEvent } from './signing-events';
import { type SigningLink, SigningLinkModel } from './signing-link.model';
import {
  createSigningCode,
  createVerification,
  isSigningCodeOf,
  isVerificationOf,
  signingCodeHashOf,
} from './signing-links';
import { mailDeclined, mailTurn } from './signing-mails';
import { addJob, createEffects, type Effects } from './signing-outbox';
import { sealSigningRequestJobName } from './signing-queue';
import {
  createRecipient,
  personOf,
  recipientOfHash,
  replaceRecipient,
  type SigningClient,
  toFieldDto,
} from './signing-recipients';
import type { StoredRecipient, StoredSigningRequest } from './signing-request.model';
import { isActive, isDone, isStageOpen, openStageOf, openStages } from './signing-stages';
import { findSigningRequestById, type Transition, transitionRequest } from './signing-transitions';
import { checkValues, dropValuesUnlessTaken, fieldsOfRole, prefilledOf, storeValues } from './signing-values';

// The recipients' side of a signing request (decision 022): reached by the link in their mails, without
// an account. Every state change judges the request as stored, in this order: the link known (404),
// the request not expired (410) and not closed (409), the recipient's stage open (409), their part not
// done yet (409), this browser verified by the mailed code (401); a refusal writes nothing.

/** A request from a recipient's browser: where from, and its verification cookie. */
export type SigningCaller = SigningClient & { verification: string | undefined };

// A person hands their part on at most this often per request (each takes a verified mailbox), so a
// request's recipients stay bounded.
const recipientsWithDelegatesMax = 2 * signingRecipientsMax;

const notFound = () => new AppError('NOT_FOUND', 404, 'This link does not exist (any more)');
const refusals = {
  expired: () => new AppError('SIGNING_EXPIRED', 410, 'This signing request has expired'),
  closed: (status: string) => new AppError('SIGNING_CLOSED', 409, 'This signing request is closed', { status }),
  notYourTurn: (stage: number, openStage: number | null) =>
    new AppError('SIGNING_NOT_YOUR_TURN', 409, 'Earlier stages are not done yet', { stage, openStage }),
  done: () => new AppError('SIGNING_ALREADY_DONE', 409, 'Your part is done already'),
  notVerified: () => new AppError('SIGNING_NOT_VERIFIED', 401, 'Confirm with the code mailed to you first'),
  role: () => new AppError('FORBIDDEN', 403, 'Your role in this request does not do this'),
};

type Located = { request: StoredSigningRequest; recipient: StoredRecipient };

/** The request and recipient of a link (its hash looked up by equality), or 404. */
async function locate(tokenHash: string): Promise<Located> {
  const link = await SigningLinkModel.findById(tokenHash).lean<SigningLink>();
  const request = link ? await findSigningRequestById(link.requestId) : null;
  const recipient = request ? recipientOfHash(request, tokenHash) : undefined;
  if (!request || !recipient) throw notFound();
  return { request, recipient };
}

/** The recipient of the link in the request as just read; a link that stopped working meanwhile is 404. */
function recipientIn(request: StoredSigningRequest, tokenHash: string): StoredRecipient {
  const recipient = recipientOfHash(request, tokenHash);
  if (!recipient) throw notFound();
  return recipient;
}

/** Past its expiry: marked so by the expiry job, or not yet (the job runs a moment later). */
export const isExpired = (request: Pick<StoredSigningRequest, 'status' | 'expiresAt'>, now: Date) =>
  request.status === 'expired' || (request.status === 'sent' && request.expiresAt <= now);

/** Still waiting for people: not expired (410), not closed (409). */
export function assertRunning(request: Pick<StoredSigningRequest, 'status' | 'expiresAt'>, now: Date): void {
  if (isExpired(request, now)) throw refusals.expired();
  if (request.status !== 'sent') throw refusals.closed(request.status);
}

function assertTurn(request: StoredSigningRequest, recipient: StoredRecipient): void {
  if (!isStageOpen(request.recipients, recipient)) {
    throw refusals.notYourTurn(recipient.stage, openStageOf(request.recipients));
  }
}

const isVerified = (request: StoredSigningRequest, recipient: StoredRecipient, caller: SigningCaller, now: Date) =>
  isVerificationOf(caller.verification, request._id.toString(), recipient.id, now.getTime());

/** Every check an action passes, in the order the module's comment gives, and the recipient's role. */
function assertMayAct(
  request: StoredSigningRequest,
  recipient: StoredRecipient,
  caller: SigningCaller,
  now: Date,
  kinds: readonly SigningRecipientKind[],
): void {
  assertRunning(request, now);
  assertTurn(request, recipient);
  if (isDone(recipient)) throw refusals.done();
  if (!isVerified(request, recipient, caller, now)) throw refusals.notVerified();
  if (!kinds.includes(recipient.kind)) throw refusals.role();
}

/**
 * The recipients with every stage up to the open one opened (each newly open one told by mail); once
 * nobody is left to act, the request is being sealed (signing-seal.ts).
 */
function advance(request: StoredSigningRequest, changed: StoredRecipient[], effects: Effects, now: Date): Transition {
  const staged = openStages(changed);
  const openedIds = new Set(staged.opened.map(({ id }) => id));
  const recipients = staged.recipients.map((recipient) =>
    openedIds.has(recipient.id) ? { ...recipient, mailedAt: now } : recipient,
  );
  for (const recipient of recipients) {
    if (openedIds.has(recipient.id)) mailTurn(effects, request, recipient, now, { occasion: 'turn' });
  }
  if (openStageOf(recipients) !== null) return { set: { recipients }, ...effects };
  addJob(effects, sealSigningRequestJobName, { requestId: request._id.toString() }, now);
  return { set: { recipients, status: 'sealing' }, ...effects };
}

function toView(request: StoredSigningRequest, recipient: StoredRecipient, caller: SigningCaller): SigningView {
  const now = new Date();
  return {
    title: request.title,
    sender: { name: request.senderName },
    message: request.message,
    language: request.language,
    status: isExpired(request, now) ? 'expired' : request.status,
    expiresAt: request.expiresAt.toISOString(),
    pageCount: request.pageCount,
    allowDelegation: request.allowDelegation,
    recipient: {
      name: recipient.name,
      email: recipient.email,
      kind: recipient.kind,
      roleName: recipient.roleName,
      stage: recipient.stage,
      status: recipient.status,
      isStageOpen: isStageOpen(request.recipients, recipient),
      isVerified: isVerified(request, recipient, caller, now),
      fields: fieldsOfRole(request, recipient.roleId).map(toFieldDto),
      prefilled: prefilledOf(request, recipient.roleId).map(({ field, value }) => ({
        field: toFieldDto(field),
        value,
      })),
    },
    hasSignedCopy: request.status === 'completed' && request.sealed !== null,
  };
}

/** GET /signing/{token}: what the recipient may see, which changes nothing (mail scanners open links too). */
export async function viewSigning(token: string, caller: SigningCaller): Promise<SigningView> {
  const { request, recipient } = await locate(hashToken(token));
  return toView(request, recipient, caller);
}

/** `e***@example.com`: enough for the person to know which mailbox to look in. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/** Where the recipient's code is kept (signing-code.model.ts). */
const codeKeyOf = (request: StoredSigningRequest, recipient: StoredRecipient) =>
  `${request._id.toString()}:${recipient.id}`;

// Tries at a recipient's code document when others change it at the same moment (the same person in
// two tabs): each try re-reads it.
const codeAttempts = 10;

/**
 * POST /signing/{token}/code: a new six-digit code for the recipient, valid ten minutes (the one before
 * is void), only its HMAC stored. Its `codeSent` event is in the trail before the mail is queued, and
 * the code travels only in that mail.
 */
export async function sendSigningCode(token: string, caller: SigningCaller): Promise<SigningCodeResponse> {
  const { request, recipient } = await locate(hashToken(token));
  const now = new Date();
  assertRunning(request, now);
  assertTurn(request, recipient);
  const code = createSigningCode();
  const codeId = randomBytes(12).toString('base64url');
  const expiresAt = new Date(now.getTime() + signingCodeValidMinutes * 60_000);
  const issue = () =>
    SigningCodeModel.findOneAndUpdate(
      { _id: codeKeyOf(request, recipient) },
      {
        $set: { codeId, hash: signingCodeHashOf(recipient.id, codeId, code), expiresAt, tries: 0 },
        $inc: { number: 1 },
      },
      { upsert: true, new: true },
    ).lean<SigningCode>();
  // The recipient's first two codes at once both try to insert the document; the loser updates it.
  const issued = await issue().catch((error: unknown) => {
    if (isDuplicateKey(error)) return issue();
    throw error;
  });
  if (!issued) throw new Error('The signing code was not stored');
  await appendSigningEvent(request._id, `codeSent:${recipient.id}:${issued.number}`, {
    type: 'codeSent',
    at: now.toISOString(),
    ...personOf(recipient, caller),
  });
  await queueMail({
    kind: 'signing-code',
    to: recipient.email,
    locale: request.language,
    name: recipient.name,
    title: request.title,
    code,
    validMinutes: signingCodeValidMinutes,
  });
  return { sentTo: maskEmail(recipient.email), expiresAt: expiresAt.toISOString() };
}

const codeInvalid = (details: SigningCodeInvalidDetails) =>
  new AppError('SIGNING_CODE_INVALID', 400, 'This code is not the one mailed, or no longer valid', details);

/**
 * POST /signing/{token}/verify {code}: the code mailed last, within its ten minutes, takes at most five
 * wrong tries, each counted by an update guarded by the count it was judged at; then it is void and a
 * new one must be asked for. The right code is used up, its `verified` event appended, and the answer
 * is a cookie valid for an hour (signing-links.ts).
 */
export async function verifySigningCode(token: string, code: string, caller: SigningCaller) {
  const { request, recipient } = await locate(hashToken(token));
  const now = new Date();
  assertRunning(request, now);
  assertTurn(request, recipient);
  const _id = codeKeyOf(request, recipient);
  for (let attempt = 1; attempt <= codeAttempts; attempt += 1) {
    const issued = await SigningCodeModel.findById(_id).lean<SigningCode>();
    if (!issued?.codeId || !issued.hash || !issued.expiresAt) throw codeInvalid({ reason: 'none', triesLeft: 0 });
    if (issued.tries >= signingCodeMaxTries) {
      throw new AppError('SIGNING_CODE_LOCKED', 429, 'Too many wrong codes: ask for a new one');
    }
    if (issued.expiresAt <= now) throw codeInvalid({ reason: 'expired', triesLeft: 0 });
    const judged = { _id, codeId: issued.codeId, tries: issued.tries };
    if (!isSigningCodeOf(recipient.id, issued.codeId, code, issued.hash)) {
      const counted = await SigningCodeModel.findOneAndUpdate(
        judged,
        { $inc: { tries: 1 } },
        { new: true },
      ).lean<SigningCode>();
      if (counted) {
        throw codeInvalid({ reason: 'wrong', triesLeft: Math.max(0, signingCodeMaxTries - counted.tries) });
      }
      continue;
    }
    const used = await SigningCodeModel.findOneAndUpdate(
      judged,
      { $set: { codeId: null, hash: null, expiresAt: null } },
      { new: true },
    ).lean<SigningCode>();
    if (!used) continue;
    await appendSigningEvent(request._id, `verified:${recipient.id}:${issued.number}`, {
      type: 'verified',
      at: now.toISOString(),
      method: 'emailCode',
      ...personOf(recipient, caller),
    });
    return createVerification(request._id.toString(), recipient.id);
  }
  throw new Error(`The signing code of ${_id} stayed too busy to check`);
}

const pdfNameSuffixes = {
  original: { de: '', en: '' },
  signed: { de: ' (unterschrieben)', en: ' (signed)' },
  certificate: { de: ' (Zertifikat)', en: ' (certificate)' },
} as const;

/** The download's name: the title, and for the sealed copy or its certificate a suffix in the request's language. */
export function pdfNameOf(
  request: Pick<StoredSigningRequest, 'title' | 'language'>,
  version: keyof typeof pdfNameSuffixes,
) {
  return cleanName(`${request.title}${pdfNameSuffixes[version][request.language]}.pdf`);
}

/**
 * GET /signing/{token}/file: the document, to a verified recipient whose stage is open. For a viewer,
 * opening it is their part: a transition, which may open the next stage. For anyone else only the first
 * look is recorded, in the trail alone (a later look finds its event there).
 */
export async function openSigningFile(token: string, caller: SigningCaller): Promise<PdfToSend> {
  const tokenHash = hashToken(token);
  const { request: read, recipient: reader } = await locate(tokenHash);
  const now = new Date();
  assertRunning(read, now);
  assertTurn(read, reader);
  if (!isVerified(read, reader, caller, now)) throw refusals.notVerified();
  const viewed = {
    key: `viewed:${reader.id}`,
    data: { type: 'viewed', at: now.toISOString(), ...personOf(reader, caller) },
  };
  if (reader.kind === 'viewer' && reader.status === 'open') {
    await transitionRequest(
      read._id,
      (request) => {
        const recipient = recipientIn(request, tokenHash);
        assertRunning(request, now);
        if (recipient.status !== 'open') return null;
        const effects = createEffects();
        effects.events.push(viewed);
        const done = { status: 'viewed' as const, actedAt: now, ip: caller.ipAddress, userAgent: caller.userAgent };
        return advance(request, replaceRecipient(request.recipients, recipient.id, done), effects, now);
      },
      { status: 'sent' },
    );
  } else {
    await appendSigningEvent(read._id, viewed.key, viewed.data);
  }
  return { name: pdfNameOf(read, 'original'), size: read.size, stream: openLibraryFile(read.fileId) };
}

/**
 * Signing (a signer) or approving (an approver) with the values of the role's fields: checked and
 * stored first, then accepted by the transition, which judges the request as it is then. A refused
 * transition takes its values back out.
 */
async function actWithValues(
  token: string,
  sent: Record<string, SigningFieldValue>,
  caller: SigningCaller,
  kind: 'signer' | 'approver',
): Promise<SigningView> {
  const tokenHash = hashToken(token);
  const { request: read, recipient: readRecipient } = await locate(tokenHash);
  assertMayAct(read, readRecipient, caller, new Date(), [kind]);
  const checked = checkValues(fieldsOfRole(read, readRecipient.roleId), sent);
  const valuesId = await storeValues(read._id, readRecipient.id, checked);
  const status = kind === 'signer' ? 'signed' : 'approved';
  try {
    const stored = await transitionRequest(
      read._id,
      (request) => {
        const now = new Date();
        const recipient = recipientIn(request, tokenHash);
        assertMayAct(request, recipient, caller, now, [kind]);
        const effects = createEffects();
        effects.events.push({
          key: `${status}:${recipient.id}`,
          data: {
            type: status,
            at: now.toISOString(),
            ...personOf(recipient, caller),
            valuesSha256: checked.sha256,
            fieldIds: Object.keys(checked.values),
          },
        });
        const recipients = replaceRecipient(request.recipients, recipient.id, {
          status,
          actedAt: now,
          ip: caller.ipAddress,
          userAgent: caller.userAgent,
          valuesId,
        });
        return advance(request, recipients, effects, now);
      },
      { status: 'sent' },
    );
    return toView(stored, recipientIn(stored, tokenHash), caller);
  } catch (error) {
    await dropValuesUnlessTaken(await findSigningRequestById(read._id), valuesId);
    throw error;
  }
}

/** POST /signing/{token}/sign {values}: a signer's part, every required field of theirs filled. */
export const signDocument = (token: string, values: Record<string, SigningFieldValue>, caller: SigningCaller) =>
  actWithValues(token, values, caller, 'signer');

/** POST /signing/{token}/approve {values?}: an approver's part; later stages wait for it. */
export const approveDocument = (token: string, values: Record<string, SigningFieldValue>, caller: SigningCaller) =>
  actWithValues(token, values, caller, 'approver');

/**
 * POST /signing/{token}/decline (a signer) or /reject (an approver) {reason}: the request ends as
 * declined, and everyone mailed so far, and the sender, is told why.
 */
export async function endSigning(
  token: string,
  reason: string,
  caller: SigningCaller,
  outcome: 'declined' | 'rejected',
): Promise<SigningView> {
  const tokenHash = hashToken(token);
  const { request: read } = await locate(tokenHash);
  const kind = outcome === 'declined' ? 'signer' : 'approver';
  const stored = await transitionRequest(
    read._id,
    (request) => {
      const now = new Date();
      const recipient = recipientIn(request, tokenHash);
      assertMayAct(request, recipient, caller, now, [kind]);
      const effects = createEffects();
      effects.events.push({
        key: `${outcome}:${recipient.id}`,
        data: { type: outcome, at: now.toISOString(), ...personOf(recipient, caller), reason },
      });
      const recipients = replaceRecipient(request.recipients, recipient.id, {
        status: outcome,
        declineReason: reason,
        actedAt: now,
        ip: caller.ipAddress,
        userAgent: caller.userAgent,
      });
      mailDeclined(effects, request, recipient, { outcome, reason }, now);
      return { set: { recipients, status: 'declined', closedAt: now }, ...effects };
    },
    { status: 'sent' },
  );
  return toView(stored, recipientIn(stored, tokenHash), caller);
}

/**
 * POST /signing/{token}/delegate {name, email}, where the sender allowed it: the new person takes the
 * recipient's role and stage and gets a link of their own; the old link stops working at once.
 */
export async function delegateSigning(
  token: string,
  person: { name: string; email: string },
  caller: SigningCaller,
): Promise<void> {
  const tokenHash = hashToken(token);
  const { request: read, recipient: delegator } = await locate(tokenHash);
  const { roleId, roleName, kind, stage } = delegator;
  const delegate = createRecipient(read._id, { roleId, roleName, kind, stage, ...person, status: 'open' });
  // The new link leads to the request before the request names it (it works only once it does): a
  // crash after the transition must not leave the delegate without a way in.
  await SigningLinkModel.create({ _id: delegate.tokenHash, requestId: read._id });
  try {
    await transitionRequest(
      read._id,
      (request) => {
        const now = new Date();
        const recipient = recipientIn(request, tokenHash);
        assertMayAct(request, recipient, caller, now, ['signer', 'approver', 'viewer']);
        if (!request.allowDelegation) {
          throw new AppError('FORBIDDEN', 403, 'The sender does not allow handing this on');
        }
        if (request.recipients.length >= recipientsWithDelegatesMax) {
          throw new AppError('FORBIDDEN', 403, 'This request was handed on too often');
        }
        if (request.recipients.some((other) => isActive(other) && other.email === person.email)) {
          throw new AppError('VALIDATION_FAILED', 400, 'This person takes part already', {
            issues: [{ path: ['email'], code: 'taken', message: 'This person takes part already' }],
          } satisfies ValidationDetails);
        }
        const effects = createEffects();
        effects.events.push({
          key: `delegated:${recipient.id}`,
          data: {
            type: 'delegated',
            at: now.toISOString(),
            ...personOf(recipient, caller),
            toRecipientId: delegate.id,
            toName: delegate.name,
            toEmail: delegate.email,
          },
        });
        const taking = { ...delegate, mailedAt: now };
        mailTurn(effects, request, taking, now, { occasion: 'delegated', delegatedBy: recipient.name });
        const recipients = [
          ...replaceRecipient(request.recipients, recipient.id, {
            status: 'delegated',
            delegatedTo: delegate.id,
            actedAt: now,
            ip: caller.ipAddress,
            userAgent: caller.userAgent,
          }),
          taking,
        ];
        return { set: { recipients }, ...effects };
      },
      { status: 'sent' },
    );
  } catch (error) {
    const current = await findSigningRequestById(read._id);
    if (!current?.recipients.some(({ id }) => id === delegate.id)) {
      await SigningLinkModel.deleteOne({ _id: delegate.tokenHash });
    }
    throw error;
  }
  await SigningLinkModel.deleteOne({ _id: tokenHash });
}

/**
 * GET /signing/{token}/signed: the sealed copy, to every recipient of the request once it is completed.
 * No code is asked for: the link is a 256-bit secret that only this person was mailed, the copy is
 * final and theirs to keep (the completion mail sends them exactly here), and nothing can be changed
 * through it.
 */
export async function openSignedCopy(token: string): Promise<PdfToSend> {
  const { request, sealed } = await locateSealed(token);
  return { name: pdfNameOf(request, 'signed'), size: sealed.size, stream: openLibraryFile(sealed.fileId) };
}

/** The request of a link once it is completed, with its sealed copy; 404 before. */
async function locateSealed(token: string) {
  const { request } = await locate(hashToken(token));
  if (request.status !== 'completed' || !request.sealed) {
    throw new AppError('NOT_FOUND', 404, 'The signed copy is not there yet');
  }
  return { request, sealed: request.sealed };
}

/**
 * GET /signing/{token}/certificate: the sealed copy's certificate page(s) alone, as a PDF of their own,
 * on the same terms as the signed copy. They are copied from the sealed file (every page after the
 * document's own), so they read exactly as sealed; the sealed file itself is only read, never saved
 * again, and the copy carries no annotations (the seal's field belongs to the whole document).
 */
export async function openCertificate(token: string): Promise<PdfToSend> {
  const { request, sealed } = await locateSealed(token);
  const signed = await PDF.load(Buffer.concat(await openLibraryFile(sealed.fileId).toArray()));
  const certificatePages = Array.from(
    { length: signed.getPageCount() - request.pageCount },
    (_, index) => request.pageCount + index,
  );
  if (certificatePages.length === 0) throw new Error(`The sealed copy of ${request._id.toString()} has no certificate`);
  const certificate = await signed.extractPages(certificatePages, { includeAnnotations: false });
  const bytes = Buffer.from(await certificate.save());
  return { name: pdfNameOf(request, 'certificate'), size: bytes.length, stream: Readable.from([bytes]) };
}
