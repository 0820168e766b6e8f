import type { SigningEvent } from '@formwerk/contracts';

/** An event of the audit trail in words: the message key under `signingRequests.trail.events` and its values. */
export type EventDescription = { key: string; values: Record<string, string | number> };

// The mails a request sends (`mailed` events' `mail`), each with words of its own; another reads as a mail.
const mailKinds: Record<string, string> = {
  'signing-requested': 'requested',
  'signing-copy': 'copy',
  'signing-declined': 'declined',
  'signing-cancelled': 'cancelled',
  'signing-expired': 'expired',
  'signing-completed': 'completed',
};

// The trail's `data` is what was hashed, typed loosely by the contract: each value is read for what it is.
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const numberOf = (value: unknown) => (typeof value === 'number' ? value : 0);

/**
 * What the event says happened, with whom (as the api recorded it: the events of a person carry their
 * name and address, a mail its address, a decline its reason).
 */
export function describeEvent({ type, data }: SigningEvent): EventDescription {
  const person = { name: textOf(data.name), email: textOf(data.email) };
  switch (type) {
    case 'sent':
      return {
        key: 'sent',
        values: { senderName: textOf(data.senderName), count: numberOf(data.recipients) },
      };
    case 'mailed':
      return { key: `mailed.${mailKinds[textOf(data.mail)] ?? 'other'}`, values: { to: textOf(data.to) } };
    case 'rejected':
    case 'declined':
      return { key: type, values: { ...person, reason: textOf(data.reason) } };
    case 'delegated':
      return { key: type, values: { ...person, toName: textOf(data.toName), toEmail: textOf(data.toEmail) } };
    case 'cancelled':
      return { key: data.byName ? 'cancelled' : 'cancelledBySomeone', values: { byName: textOf(data.byName) } };
    case 'sealed':
    case 'completed':
    case 'expired':
      return { key: type, values: {} };
    default:
      return { key: type, values: person };
  }
}
