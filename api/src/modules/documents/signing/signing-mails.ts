import { addMail, type Effects, type OutboxMail } from './signing-outbox';
import type { StoredRecipient, StoredSigningRequest } from './signing-request.model';

// The mails of a request as its transitions put them into the outbox: recipients get them in the
// language the sender chose for the request, the sender in their own.

type Request = Pick<
  StoredSigningRequest,
  'title' | 'language' | 'senderName' | 'senderEmail' | 'senderLocale' | 'message' | 'expiresAt'
>;

/** Their turn to sign, approve or look: the stage opened, a reminder, or someone handed their part on. */
export function mailTurn(
  effects: Effects,
  request: Request,
  recipient: StoredRecipient,
  now: Date,
  { occasion, delegatedBy = null }: { occasion: 'turn' | 'reminder' | 'delegated'; delegatedBy?: string | null },
): void {
  if (recipient.kind === 'cc') return;
  const mail: OutboxMail = {
    kind: 'signing-requested',
    to: recipient.email,
    locale: request.language,
    name: recipient.name,
    senderName: request.senderName,
    title: request.title,
    message: request.message,
    role: recipient.kind,
    occasion,
    delegatedBy,
    expiresAt: request.expiresAt.toISOString(),
  };
  addMail(effects, recipient.id, mail, now);
}

/** A CC, told when the request is sent. */
export function mailCopy(effects: Effects, request: Request, recipient: StoredRecipient, now: Date): void {
  const mail: OutboxMail = {
    kind: 'signing-copy',
    to: recipient.email,
    locale: request.language,
    name: recipient.name,
    senderName: request.senderName,
    title: request.title,
    message: request.message,
  };
  addMail(effects, recipient.id, mail, now);
}

/** Everyone mailed so far but `actor`, and the sender: a signer declined or an approver rejected. */
export function mailDeclined(
  effects: Effects,
  request: Request & { recipients: StoredRecipient[] },
  actor: StoredRecipient,
  { outcome, reason }: { outcome: 'declined' | 'rejected'; reason: string },
  now: Date,
): void {
  const common = { kind: 'signing-declined', title: request.title, by: actor.name, outcome, reason } as const;
  for (const recipient of request.recipients) {
    if (recipient.mailedAt === null || recipient.id === actor.id) continue;
    const mail: OutboxMail = {
      ...common,
      to: recipient.email,
      locale: request.language,
      name: recipient.name,
      isSender: false,
    };
    addMail(effects, recipient.id, mail, now);
  }
  const toSender: OutboxMail = {
    ...common,
    to: request.senderEmail,
    locale: request.senderLocale,
    name: request.senderName,
    isSender: true,
  };
  addMail(effects, null, toSender, now);
}

/** Everyone mailed so far: the sender withdrew the request. */
export function mailCancelled(effects: Effects, request: Request & { recipients: StoredRecipient[] }, now: Date): void {
  for (const recipient of request.recipients) {
    if (recipient.mailedAt === null) continue;
    const mail: OutboxMail = {
      kind: 'signing-cancelled',
      to: recipient.email,
      locale: request.language,
      name: recipient.name,
      title: request.title,
      senderName: request.senderName,
    };
    addMail(effects, recipient.id, mail, now);
  }
}

/** The sender: the request expired before everyone was done. */
export function mailExpired(effects: Effects, request: Request, now: Date): void {
  const mail: OutboxMail = {
    kind: 'signing-expired',
    to: request.senderEmail,
    locale: request.senderLocale,
    name: request.senderName,
    title: request.title,
  };
  addMail(effects, null, mail, now);
}

/** Every recipient who holds a part (CC included), with their link to the signed copy, and the sender. */
export function mailCompleted(effects: Effects, request: Request & { recipients: StoredRecipient[] }, now: Date): void {
  for (const recipient of request.recipients) {
    if (recipient.status === 'delegated') continue;
    const mail: OutboxMail = {
      kind: 'signing-completed',
      to: recipient.email,
      locale: request.language,
      name: recipient.name,
      title: request.title,
    };
    addMail(effects, recipient.id, mail, now);
  }
  const toSender: OutboxMail = {
    kind: 'signing-completed',
    to: request.senderEmail,
    locale: request.senderLocale,
    name: request.senderName,
    title: request.title,
  };
  addMail(effects, null, toSender, now);
}
