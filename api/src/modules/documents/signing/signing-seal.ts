import type { Locale } from '@formwerk/contracts';
import { formatDate } from '@formwerk/platform/dates';
import { openLibraryFile, removeLibraryFile, storeLibraryFile } from '../../files/files.service';
import { countTeamStorage, releaseTeamStorage } from '../../storage/team-storage';
import { cleanName } from '../documents.service';
import type { AuditEventData } from '../sealing/audit-trail';
import { type CertificatePageData, type CertificateRecipient, type SealField, sealPdf } from '../sealing/seal-pdf';
import { platformSigningIdentity, signingConfigFromEnv } from '../sealing/signing-identity';
import { appendPendingEvents, readSigningTrail } from './signing-events';
import { mailCompleted } from './signing-mails';
import { createEffects } from './signing-outbox';
import { SigningRequestModel, type StoredField, type StoredSigningRequest } from './signing-request.model';
import { isActive } from './signing-stages';
import { findSigningRequestById, transitionRequest } from './signing-transitions';
import { readValuesOf } from './signing-values';
import type { StoredFieldValue } from './signing-values.model';

// Completing a request: once nobody is left to act, a queued job draws every value into the pages,
// appends the certificate page, signs the result with the platform's seal (sealPdf), stores it, and
// marks the request completed. It may run twice (a retry after a crash, a repaired follow-up): the seal
// is stored once (guarded by `sealed: null`), the completion written once (guarded by the status).

type Sealed = NonNullable<StoredSigningRequest['sealed']>;

/** A field's value as drawn: a date as the request's language writes it, an unticked box as empty. */
function sealFieldOf(field: StoredField, value: StoredFieldValue | undefined, locale: Locale): SealField | null {
  const placement = { page: field.page, x: field.x, y: field.y, width: field.width, height: field.height };
  switch (field.kind) {
    case 'checkbox':
      return { ...placement, kind: 'checkbox', value: value === true };
    case 'signature':
    case 'initials':
      return typeof value === 'object'
        ? { ...placement, kind: field.kind, value: { png: Buffer.from(value.png, 'base64') } }
        : null;
    case 'date':
      return typeof value === 'string'
        ? { ...placement, kind: 'date', value: formatDate(new Date(`${value}T00:00:00Z`), locale, { timeZone: 'UTC' }) }
        : null;
    default:
      return typeof value === 'string' ? { ...placement, kind: field.kind, value } : null;
  }
}

/**
 * Every field of the people who signed or approved, with the values their accepted send stored, and
 * every field filled before sending, with the value it was sent with.
 */
async function sealFieldsOf(request: StoredSigningRequest): Promise<SealField[]> {
  const stored = await readValuesOf(request._id);
  const valuesOfRole = new Map<string, Record<string, StoredFieldValue>>();
  for (const recipient of request.recipients) {
    const values = recipient.valuesId ? stored.get(recipient.valuesId) : undefined;
    if (isActive(recipient) && values) valuesOfRole.set(recipient.roleId, values.values);
  }
  return request.fields.flatMap((field) => {
    const prefilled = request.prefilled?.[field.id];
    const values = valuesOfRole.get(field.roleId);
    const sealField =
      prefilled !== undefined || values ? sealFieldOf(field, prefilled ?? values?.[field.id], request.language) : null;
    return sealField ? [sealField] : [];
  });
}

const textOf = (value: AuditEventData[string] | undefined) => (typeof value === 'string' ? value : null);
const timeOf = (event: AuditEventData | undefined) => {
  const at = textOf(event?.at);
  return at ? new Date(at) : null;
};

/**
 * The certificate page's data from the audit trail: for each recipient who holds a part, when they were
 * mailed and first looked, how they proved to be the recipient, when they signed or approved, and the
 * address and browser they did it from (those of their part's event; of their first look for a CC).
 */
function certificateOf(request: StoredSigningRequest, events: AuditEventData[]): CertificatePageData {
  const eventsOf = new Map<string, AuditEventData[]>();
  for (const event of events) {
    const recipientId = textOf(event.recipientId);
    if (recipientId) eventsOf.set(recipientId, [...(eventsOf.get(recipientId) ?? []), event]);
  }
  const recipients = request.recipients.filter(isActive).map((recipient): CertificateRecipient => {
    const own = eventsOf.get(recipient.id) ?? [];
    const first = (type: string) => own.find((event) => event.type === type);
    const part = first('signed') ?? first('approved');
    const where = part ?? first('viewed');
    return {
      name: recipient.name,
      email: recipient.email,
      role: recipient.kind,
      verification: first('verified') ? 'emailCode' : null,
      sentAt: timeOf(first('mailed')),
      viewedAt: timeOf(first('viewed')),
      signedAt: timeOf(part),
      declinedAt: null,
      ipAddress: textOf(where?.ipAddress),
      userAgent: textOf(where?.userAgent),
    };
  });
  return {
    documentTitle: request.title,
    reference: request._id.toString(),
    sender: { name: request.senderName, email: request.senderEmail },
    recipients,
  };
}

async function readBytes(fileId: string): Promise<Buffer> {
  return Buffer.concat(await openLibraryFile(fileId).toArray());
}

/**
 * Seals the request's copy and stores the result, counted against the team's storage even past its
 * limit (the people have signed; a full storage must not withhold their document). Of two jobs sealing
 * at once, the one whose record is written keeps its file; the other removes its own.
 */
async function storeSealedCopy(request: StoredSigningRequest): Promise<Sealed> {
  const [original, fields, trail] = await Promise.all([
    readBytes(request.fileId),
    sealFieldsOf(request),
    readSigningTrail(request._id),
  ]);
  const sealedAt = new Date();
  const result = await sealPdf({
    pdf: original,
    fields,
    certificate: certificateOf(
      request,
      trail.events.map((event) => event.data),
    ),
    identity: await platformSigningIdentity(),
    // With an authority configured, a seal it does not timestamp fails (and the job tries again later)
    // rather than carrying only the local clock.
    timestampAuthorityUrl: signingConfigFromEnv().timestampAuthorityUrl ?? undefined,
    sealedAt,
  });
  if (result.originalSha256 !== request.sha256) {
    throw new Error(`The stored copy of signing request ${request._id.toString()} is not the one sent`);
  }
  const size = result.pdf.length;
  await countTeamStorage(request.teamId, size);
  let fileId: string;
  try {
    fileId = await storeLibraryFile(request.teamId, cleanName(`${request.title}.pdf`), Buffer.from(result.pdf));
  } catch (error) {
    await releaseTeamStorage(request.teamId, size);
    throw error;
  }
  const sealed: Sealed = { fileId, size, sha256: result.finalSha256, sealedAt };
  const stored = await SigningRequestModel.findOneAndUpdate(
    { _id: request._id, status: 'sealing', sealed: null },
    { $set: { sealed } },
    { new: true },
  ).lean<StoredSigningRequest>();
  if (stored) return sealed;
  await removeLibraryFile(fileId);
  await releaseTeamStorage(request.teamId, size);
  const current = await findSigningRequestById(request._id);
  if (!current?.sealed) throw new Error(`Signing request ${request._id.toString()} was not sealed`);
  return current.sealed;
}

/**
 * The seal job: the signed copy once, then the completion (`sealed` with both SHA-256s, `completed`) in
 * one guarded transition that also mails everyone their link to it.
 */
export async function sealSigningRequest(requestId: string): Promise<void> {
  const request = await findSigningRequestById(requestId);
  if (request?.status !== 'sealing') return;
  // Every event up to the last part is in the trail before the certificate is drawn from it.
  await appendPendingEvents(request);
  const sealed = request.sealed ?? (await storeSealedCopy(request));
  await transitionRequest(
    request._id,
    (current) => {
      if (current.status !== 'sealing') return null;
      const now = new Date();
      const effects = createEffects();
      effects.events.push(
        {
          key: 'sealed',
          data: {
            type: 'sealed',
            at: sealed.sealedAt.toISOString(),
            originalSha256: current.sha256,
            finalSha256: sealed.sha256,
          },
        },
        { key: 'completed', data: { type: 'completed', at: now.toISOString() } },
      );
      mailCompleted(effects, current, now);
      return { set: { status: 'completed', closedAt: now }, ...effects };
    },
    { status: 'sealing' },
  );
}
