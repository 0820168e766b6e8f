import type { Locale, NotificationType } from '@formwerk/contracts';

type Params = Record<string, string>;
type Sentences = Record<NotificationType, (params: Params) => string>;

const decidedDe: Record<string, string> = {
  approved: 'Freigegeben',
  rejected: 'Abgelehnt',
  withdrawn: 'Zurückgezogen',
  cancelled: 'Abgebrochen',
};
const decidedEn: Record<string, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  cancelled: 'Cancelled',
};

/**
 * The sentence of each notification type, for mails: the same words the notification centre shows
 * (packages/platform/src/locales/{de,en}/platform.json, `notifications.types`; a test compares them).
 */
const sentences: Record<Locale, Sentences> = {
  de: {
    taskAssigned: (p) => `Neue Aufgabe: „${p.stepLabel}“ in ${p.workflowName}`,
    taskReminder: (p) => `Erinnerung: „${p.stepLabel}“ in ${p.workflowName} wartet auf Sie`,
    taskEscalated: (p) => `Eskaliert: „${p.stepLabel}“ in ${p.workflowName}`,
    requestDecided: (p) => `${decidedDe[p.outcome ?? ''] ?? 'Entschieden'}: ${p.workflowName} für ${p.formTitle}`,
    changesRequested: (p) => `Änderungen erbeten: ${p.workflowName} für ${p.formTitle}`,
    taskCommented: (p) => `${p.actor} hat „${p.stepLabel}“ kommentiert`,
    assigneeMissing: (p) => `„${p.stepLabel}“ in ${p.workflowName} hat keine Zuständigen mehr`,
    submissionReceived: (p) => `Neue Antwort Nr. ${p.submissionNumber} auf „${p.formTitle}“`,
  },
  en: {
    taskAssigned: (p) => `New task: “${p.stepLabel}” in ${p.workflowName}`,
    taskReminder: (p) => `Reminder: “${p.stepLabel}” in ${p.workflowName} is waiting for you`,
    taskEscalated: (p) => `Escalated: “${p.stepLabel}” in ${p.workflowName}`,
    requestDecided: (p) => `${decidedEn[p.outcome ?? ''] ?? 'Decided'}: ${p.workflowName} for ${p.formTitle}`,
    changesRequested: (p) => `Changes requested: ${p.workflowName} for ${p.formTitle}`,
    taskCommented: (p) => `${p.actor} commented on “${p.stepLabel}”`,
    assigneeMissing: (p) => `“${p.stepLabel}” in ${p.workflowName} has no assignees left`,
    submissionReceived: (p) => `New response #${p.submissionNumber} to “${p.formTitle}”`,
  },
};

/** What a notification says, in `locale`, on one line (its parameters are typed by users). */
export function noticeSentence(type: NotificationType, params: Params, locale: Locale): string {
  return sentences[locale]
    [type](params)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
}
