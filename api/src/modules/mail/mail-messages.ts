import type { Locale, NotificationType, SignInMethod } from '@formwerk/contracts';
import { formatDateTime } from '@formwerk/platform/dates';
import { noticeSentence } from './notice-sentences';

/** What a module asks to mail; the link is built when the mail is sent, from the site's public URL. */
export type MailRequest =
  | { kind: 'verify-email'; to: string; locale: Locale; name: string; token: string }
  | { kind: 'reset-password'; to: string; locale: Locale; name: string; token: string }
  /** A sign-up with an address that has an account; it carries a reset link. */
  | { kind: 'account-exists'; to: string; locale: Locale; name: string; token: string }
  | {
      kind: 'invitation';
      to: string;
      locale: Locale;
      inviterName: string;
      teamName: string;
      token: string;
    }
  /** Many failed sign-ins to the account in a short time; it points to choosing a new password. */
  | { kind: 'login-failures'; to: string; locale: Locale; name: string; failures: number }
  /**
   * A sign-in from a browser that never signed in to the account before (module `security`): when, with
   * what (browser and system as read from its User-Agent, null when unknown), from which address and how,
   * and what to do if it was not the owner; the link opens the profile's security settings.
   */
  | {
      kind: 'new-sign-in';
      to: string;
      locale: Locale;
      name: string;
      at: string;
      browser: string | null;
      os: string | null;
      ipAddress: string;
      method: SignInMethod;
    }
  /**
   * A document shared with the address (module `documents`): the link opens "Shared with me", where an
   * account of this address finds it (one made later too).
   */
  | {
      kind: 'document-shared';
      to: string;
      locale: Locale;
      sharerName: string;
      documentName: string;
      teamName: string;
      message: string | null;
    }
  /**
   * A respondent's private link to what they sent with a public form (module `privacy`): to see, download
   * and erase it. The answers themselves are not in the mail.
   */
  | { kind: 'personal-data-link'; to: string; locale: Locale; formTitle: string; token: string }
  | NotificationDigestMailRequest
  | BillingNoticeMailRequest
  | WorkflowMailRequest
  | SigningMailRequest;

/**
 * What keeps a team's forms working (module `billing`), to its owners and admins who want it by mail:
 * a failed payment, this month's submissions used up. It says what the notification centre says.
 */
export type BillingNoticeMailRequest = {
  kind: 'billing-notice';
  to: string;
  locale: Locale;
  name: string;
  type: Extract<NotificationType, 'paymentFailed' | 'submissionLimitReached' | 'storageFull'>;
  params: Record<string, string>;
};

/**
 * The mails of signing requests (module `documents`, signing), in the language the sender chose for the
 * request (the sender's own mails in theirs). A recipient's link carries their personal token and opens
 * the public signing page, which shows what is theirs to do, or the signed copy once there is one.
 */
export type SigningMailRequest =
  /** Their turn to sign, approve or look (`occasion`: the stage opened, a reminder, or a delegate taking over). */
  | {
      kind: 'signing-requested';
      to: string;
      locale: Locale;
      name: string;
      senderName: string;
      title: string;
      message: string | null;
      role: 'signer' | 'approver' | 'viewer';
      occasion: 'turn' | 'reminder' | 'delegated';
      /** Who handed their part on to the recipient, for `delegated`. */
      delegatedBy: string | null;
      expiresAt: string;
      token: string;
    }
  /** To a CC when the request is sent: they are told, and get the signed copy at the end. */
  | {
      kind: 'signing-copy';
      to: string;
      locale: Locale;
      name: string;
      senderName: string;
      title: string;
      message: string | null;
      token: string;
    }
  /** The one-time code that proves the recipient reads this mailbox. */
  | {
      kind: 'signing-code';
      to: string;
      locale: Locale;
      name: string;
      title: string;
      code: string;
      validMinutes: number;
    }
  /** A signer declined or an approver rejected: to everyone involved so far, and to the sender (`isSender`). */
  | {
      kind: 'signing-declined';
      to: string;
      locale: Locale;
      name: string;
      title: string;
      by: string;
      outcome: 'declined' | 'rejected';
      reason: string;
      isSender: boolean;
    }
  /** The sender withdrew the request: to everyone mailed so far. */
  | { kind: 'signing-cancelled'; to: string; locale: Locale; name: string; title: string; senderName: string }
  /** To the sender: the request expired before everyone was done. */
  | { kind: 'signing-expired'; to: string; locale: Locale; name: string; title: string }
  /** Everyone is done and the copy is sealed; `token` links a recipient to it, null for the sender. */
  | { kind: 'signing-completed'; to: string; locale: Locale; name: string; title: string; token: string | null };

/** One notification of a digest: its type and parameters (the sentence is the mail's) and its page. */
export type DigestItem = {
  type: NotificationType;
  params: Record<string, string>;
  /** The page it links to, without the locale prefix (`/v1/approve/…`); null for none. */
  path: string | null;
};

/**
 * The daily digest (module `notifications`): the notifications of the types a user chose to get
 * once a day, in one mail; `moreCount` more came than it lists.
 */
export type NotificationDigestMailRequest = {
  kind: 'notification-digest';
  to: string;
  locale: Locale;
  name: string;
  items: DigestItem[];
  moreCount: number;
};

/** The mails of approval workflows (module `workflows`): queued in an instance's outbox, sent by its job. */
export type WorkflowMailRequest =
  /** A new approval task, to each assignee; the link opens the task. */
  | {
      kind: 'approval-task';
      to: string;
      locale: Locale;
      name: string;
      workflowName: string;
      stepLabel: string;
      formTitle: string;
      requester: string | null;
      taskId: string;
    }
  /** A task due soon (`isOverdue` false) or past its deadline. */
  | {
      kind: 'approval-reminder';
      to: string;
      locale: Locale;
      name: string;
      workflowName: string;
      stepLabel: string;
      formTitle: string;
      taskId: string;
      isOverdue: boolean;
    }
  /** To the requester: an approver asks for changes; the link opens the request's workflow page. */
  | {
      kind: 'approval-changes-requested';
      to: string;
      locale: Locale;
      workflowName: string;
      formTitle: string;
      stepLabel: string;
      by: string;
      comment: string;
      submissionId: string;
    }
  /** To the requester: the request was approved or rejected; the link opens its history. */
  | {
      kind: 'approval-ended';
      to: string;
      locale: Locale;
      workflowName: string;
      formTitle: string;
      outcome: 'approved' | 'rejected';
      submissionId: string;
    }
  /** A notify step of the workflow: its own message, no link. */
  | {
      kind: 'workflow-notification';
      to: string;
      locale: Locale;
      workflowName: string;
      formTitle: string;
      label: string;
      message: string;
    }
  /**
   * A step's deadline passed and it was escalated: to the recipient (`added`), away from them
   * (`removed`), or they are told (`informed`: the team's admins, and whom the step names, on `notify`).
   */
  | {
      kind: 'approval-escalated';
      to: string;
      locale: Locale;
      name: string;
      workflowName: string;
      stepLabel: string;
      formTitle: string;
      taskId: string;
      role: 'added' | 'removed' | 'informed';
    }
  /** Someone commented on a task the recipient takes part in. */
  | {
      kind: 'approval-commented';
      to: string;
      locale: Locale;
      name: string;
      workflowName: string;
      stepLabel: string;
      formTitle: string;
      taskId: string;
      by: string;
      comment: string;
    }
  /**
   * To the team's owner and admins: assignees of a step (or recipients of a notify step, which has no
   * task: `taskId` null) that nobody answers to; the link opens the task, else the request's workflow page.
   */
  | {
      kind: 'approval-assignee-missing';
      to: string;
      locale: Locale;
      name: string;
      workflowName: string;
      stepLabel: string;
      formTitle: string;
      taskId: string | null;
      submissionId: string;
      missing: MissingAssignee[];
    };

/**
 * An assignee that reaches nobody: a user deleted or no longer in the team (named when known), a group
 * deleted or without members in the team, an email field answered empty or with no valid address.
 */
export type MissingAssignee =
  | { kind: 'user'; name: string | null }
  | { kind: 'group'; isDeleted: boolean }
  | { kind: 'answer'; fieldLabel: string };

export type RenderedMail = { subject: string; text: string; html: string };

const localePrefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

function linkOf(request: MailRequest, publicUrl: string): string | null {
  switch (request.kind) {
    // Through the api, which verifies and then redirects to the right page for a guest or a member.
    case 'verify-email':
      return `${publicUrl}/api/v1/auth/verify?token=${encodeURIComponent(request.token)}&locale=${request.locale}`;
    case 'reset-password':
    case 'account-exists':
      return `${publicUrl}${localePrefix(request.locale)}/reset?token=${encodeURIComponent(request.token)}`;
    case 'invitation':
      return `${publicUrl}${localePrefix(request.locale)}/invite?token=${encodeURIComponent(request.token)}`;
    case 'login-failures':
      return `${publicUrl}${localePrefix(request.locale)}/forgot-password`;
    case 'personal-data-link':
      return `${publicUrl}${localePrefix(request.locale)}/mydata/${encodeURIComponent(request.token)}`;
    case 'new-sign-in':
      return `${publicUrl}${localePrefix(request.locale)}/v1/profile?view=security`;
    case 'notification-digest':
      return `${publicUrl}${localePrefix(request.locale)}/v1/notifications`;
    case 'billing-notice':
      return `${publicUrl}${localePrefix(request.locale)}/v1/${request.type === 'storageFull' ? 'storage' : 'subscriptions'}`;
    case 'document-shared':
      return `${publicUrl}${localePrefix(request.locale)}/v1/documents/shared`;
    case 'approval-task':
    case 'approval-reminder':
    case 'approval-escalated':
    case 'approval-commented':
      return `${publicUrl}${localePrefix(request.locale)}/v1/approve/${request.taskId}`;
    case 'approval-changes-requested':
    case 'approval-ended':
      return `${publicUrl}${localePrefix(request.locale)}/v1/submissions/${request.submissionId}/workflow`;
    case 'approval-assignee-missing':
      return request.taskId
        ? `${publicUrl}${localePrefix(request.locale)}/v1/approve/${request.taskId}`
        : `${publicUrl}${localePrefix(request.locale)}/v1/submissions/${request.submissionId}/workflow`;
    // Told, nothing to open.
    case 'workflow-notification':
      return null;
    case 'signing-requested':
    case 'signing-copy':
      return signingPageOf(request.token, request.locale, publicUrl);
    case 'signing-completed':
      return request.token
        ? signingPageOf(request.token, request.locale, publicUrl)
        : `${publicUrl}${localePrefix(request.locale)}/v1/documents`;
    case 'signing-declined':
      return request.isSender ? `${publicUrl}${localePrefix(request.locale)}/v1/documents` : null;
    case 'signing-expired':
      return `${publicUrl}${localePrefix(request.locale)}/v1/documents`;
    // The code is the mail's content; a withdrawn request has nothing left to open.
    case 'signing-code':
    case 'signing-cancelled':
      return null;
  }
}

/**
 * The public page of a recipient's part (the route table's one public page of the documents area): it
 * shows what the link's token lets them do now, or the signed copy once there is one.
 */
const signingPageOf = (token: string, locale: Locale, publicUrl: string) =>
  `${publicUrl}${localePrefix(locale)}/form/signed?token=${encodeURIComponent(token)}`;

/** An entry of a mail's list, linked to a page of the site (a path without the locale prefix) or not. */
type ListItem = { text: string; path: string | null };

/** `action` is the button's label; a mail without a link has none. `items` follow the lines as a list. */
type Texts = {
  subject: string;
  greeting: string;
  lines: string[];
  items?: ListItem[];
  action: string | null;
  footer: string;
};

// Names, labels, comments and messages come from users: a subject is one line, whatever they typed.
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

function describeMissing(missing: MissingAssignee, isGerman: boolean): string {
  switch (missing.kind) {
    case 'user':
      if (missing.name) {
        return isGerman
          ? `${missing.name}, nicht mehr Mitglied des Teams`
          : `${missing.name}, no longer a member of the team`;
      }
      return isGerman
        ? 'eine Person, deren Konto gelöscht wurde oder die nicht mehr Mitglied des Teams ist'
        : 'a person whose account was deleted or who is no longer a member of the team';
    case 'group':
      if (missing.isDeleted) return isGerman ? 'eine gelöschte Gruppe' : 'a deleted group';
      return isGerman ? 'eine Gruppe ohne Mitglieder im Team' : 'a group without members in the team';
    case 'answer':
      return isGerman
        ? `die Adresse aus dem Feld „${missing.fieldLabel}“, die leer oder keine gültige E-Mail-Adresse ist`
        : `the address from the field “${missing.fieldLabel}”, which is empty or no valid email address`;
  }
}

const escalationLines = {
  de: {
    added: (step: string, workflow: string) =>
      `die Frist des Schritts „${step}“ im Ablauf „${workflow}“ ist abgelaufen; er wurde an Sie eskaliert und wartet auf Ihre Entscheidung.`,
    removed: (step: string, workflow: string) =>
      `die Frist des Schritts „${step}“ im Ablauf „${workflow}“ ist abgelaufen; er wurde an andere übergeben, Ihre Entscheidung ist nicht mehr nötig.`,
    informed: (step: string, workflow: string) =>
      `die Frist des Schritts „${step}“ im Ablauf „${workflow}“ ist abgelaufen, ohne dass entschieden wurde.`,
  },
  en: {
    added: (step: string, workflow: string) =>
      `the deadline of the step “${step}” in the workflow “${workflow}” has passed; it was escalated to you and awaits your decision.`,
    removed: (step: string, workflow: string) =>
      `the deadline of the step “${step}” in the workflow “${workflow}” has passed; it was handed on to others, your decision is no longer needed.`,
    informed: (step: string, workflow: string) =>
      `the deadline of the step “${step}” in the workflow “${workflow}” has passed without a decision.`,
  },
};

function workflowTextsOf(request: WorkflowMailRequest): Texts {
  const isGerman = request.locale === 'de';
  switch (request.kind) {
    case 'approval-task': {
      const from = request.requester;
      return isGerman
        ? {
            subject: oneLine(`Freigabe erbeten: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hallo ${request.name},`,
            lines: [
              `im Ablauf „${request.workflowName}“ wartet der Schritt „${request.stepLabel}“ auf Ihre Entscheidung${from ? ` (Anfrage von ${from})` : ''}.`,
              `Formular: ${request.formTitle}`,
            ],
            action: 'Aufgabe öffnen',
            footer: 'Sie erhalten diese E-Mail, weil Sie in diesem Schritt als Genehmiger eingetragen sind.',
          }
        : {
            subject: oneLine(`Approval requested: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hello ${request.name},`,
            lines: [
              `in the workflow “${request.workflowName}”, the step “${request.stepLabel}” awaits your decision${from ? ` (requested by ${from})` : ''}.`,
              `Form: ${request.formTitle}`,
            ],
            action: 'Open the task',
            footer: 'You receive this email because you are an approver of this step.',
          };
    }
    case 'approval-reminder':
      return isGerman
        ? {
            subject: oneLine(
              `${request.isOverdue ? 'Überfällig' : 'Erinnerung'}: ${request.stepLabel} – ${request.formTitle}`,
            ),
            greeting: `Hallo ${request.name},`,
            lines: [
              request.isOverdue
                ? `die Frist des Schritts „${request.stepLabel}“ im Ablauf „${request.workflowName}“ ist abgelaufen; er wartet noch auf Ihre Entscheidung.`
                : `der Schritt „${request.stepLabel}“ im Ablauf „${request.workflowName}“ wartet auf Ihre Entscheidung; seine Frist läuft bald ab.`,
            ],
            action: 'Aufgabe öffnen',
            footer: 'Sie erhalten diese E-Mail, weil Sie in diesem Schritt als Genehmiger eingetragen sind.',
          }
        : {
            subject: oneLine(
              `${request.isOverdue ? 'Overdue' : 'Reminder'}: ${request.stepLabel} – ${request.formTitle}`,
            ),
            greeting: `Hello ${request.name},`,
            lines: [
              request.isOverdue
                ? `the deadline of the step “${request.stepLabel}” in the workflow “${request.workflowName}” has passed; it still awaits your decision.`
                : `the step “${request.stepLabel}” in the workflow “${request.workflowName}” awaits your decision; its deadline is near.`,
            ],
            action: 'Open the task',
            footer: 'You receive this email because you are an approver of this step.',
          };
    case 'approval-changes-requested':
      return isGerman
        ? {
            subject: oneLine(`Änderungen erbeten: ${request.formTitle}`),
            greeting: 'Hallo,',
            lines: [
              `${request.by} bittet im Schritt „${request.stepLabel}“ des Ablaufs „${request.workflowName}“ um Änderungen an Ihrer Anfrage:`,
              request.comment,
            ],
            action: 'Anfrage ansehen',
            footer: `Nach dem erneuten Einreichen geht die Anfrage an denselben Schritt zurück. Sie sehen die Anfrage, wenn Sie mit dieser E-Mail-Adresse angemeldet sind; ohne Konto legen Sie eines mit ihr an.`,
          }
        : {
            subject: oneLine(`Changes requested: ${request.formTitle}`),
            greeting: 'Hello,',
            lines: [
              `${request.by} asks for changes to your request in the step “${request.stepLabel}” of the workflow “${request.workflowName}”:`,
              request.comment,
            ],
            action: 'View the request',
            footer: `Once resubmitted, the request goes back to the same step. You see the request when signed in with this email address; without an account, create one with it.`,
          };
    case 'approval-ended': {
      const isApproved = request.outcome === 'approved';
      return isGerman
        ? {
            subject: oneLine(`${isApproved ? 'Genehmigt' : 'Abgelehnt'}: ${request.formTitle}`),
            greeting: 'Hallo,',
            lines: [
              `Ihre Anfrage zu „${request.formTitle}“ wurde im Ablauf „${request.workflowName}“ ${isApproved ? 'genehmigt' : 'abgelehnt'}.`,
            ],
            action: 'Verlauf ansehen',
            footer:
              'Wer wann wie entschieden hat, sehen Sie, wenn Sie mit dieser E-Mail-Adresse angemeldet sind; ohne Konto legen Sie eines mit ihr an.',
          }
        : {
            subject: oneLine(`${isApproved ? 'Approved' : 'Rejected'}: ${request.formTitle}`),
            greeting: 'Hello,',
            lines: [
              `your request for “${request.formTitle}” was ${isApproved ? 'approved' : 'rejected'} in the workflow “${request.workflowName}”.`,
            ],
            action: 'View the history',
            footer:
              'You see who decided what and when when signed in with this email address; without an account, create one with it.',
          };
    }
    case 'workflow-notification':
      return isGerman
        ? {
            subject: oneLine(`${request.label || request.workflowName} – ${request.formTitle}`),
            greeting: 'Hallo,',
            lines: [
              `Nachricht aus dem Ablauf „${request.workflowName}“ zu „${request.formTitle}“:`,
              ...(request.message ? [request.message] : []),
            ],
            action: null,
            footer: 'Diese E-Mail wurde automatisch versandt.',
          }
        : {
            subject: oneLine(`${request.label || request.workflowName} – ${request.formTitle}`),
            greeting: 'Hello,',
            lines: [
              `a message from the workflow “${request.workflowName}” about “${request.formTitle}”:`,
              ...(request.message ? [request.message] : []),
            ],
            action: null,
            footer: 'This email was sent automatically.',
          };
    case 'approval-escalated':
      return isGerman
        ? {
            subject: oneLine(`Eskaliert: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hallo ${request.name},`,
            lines: [
              escalationLines.de[request.role](request.stepLabel, request.workflowName),
              `Formular: ${request.formTitle}`,
            ],
            action: 'Aufgabe öffnen',
            footer:
              request.role === 'informed'
                ? 'Sie erhalten diese E-Mail, weil Sie benachrichtigt werden, wenn die Frist dieses Schritts abläuft.'
                : 'Sie erhalten diese E-Mail, weil die Frist dieses Schritts abgelaufen ist.',
          }
        : {
            subject: oneLine(`Escalated: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hello ${request.name},`,
            lines: [
              escalationLines.en[request.role](request.stepLabel, request.workflowName),
              `Form: ${request.formTitle}`,
            ],
            action: 'Open the task',
            footer:
              request.role === 'informed'
                ? 'You receive this email because you are told when the deadline of this step passes.'
                : 'You receive this email because the deadline of this step has passed.',
          };
    case 'approval-commented':
      return isGerman
        ? {
            subject: oneLine(`Kommentar: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hallo ${request.name},`,
            lines: [
              `${request.by} hat den Schritt „${request.stepLabel}“ im Ablauf „${request.workflowName}“ kommentiert:`,
              request.comment,
            ],
            action: 'Aufgabe öffnen',
            footer: 'Sie erhalten diese E-Mail, weil Sie an dieser Aufgabe beteiligt sind.',
          }
        : {
            subject: oneLine(`Comment: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hello ${request.name},`,
            lines: [
              `${request.by} commented on the step “${request.stepLabel}” in the workflow “${request.workflowName}”:`,
              request.comment,
            ],
            action: 'Open the task',
            footer: 'You receive this email because you take part in this task.',
          };
    case 'approval-assignee-missing': {
      const missing = request.missing.map((entry) => `– ${describeMissing(entry, isGerman)}`);
      return isGerman
        ? {
            subject: oneLine(`Zuständige fehlen: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hallo ${request.name},`,
            lines: [
              `im Ablauf „${request.workflowName}“ erreicht der Schritt „${request.stepLabel}“ nicht alle Zuständigen:`,
              missing.join('\n'),
              request.taskId
                ? 'Bitte übergeben Sie die Aufgabe, falls niemand mehr entscheiden kann, und passen Sie den Ablauf an.'
                : 'Bitte passen Sie den Ablauf an.',
            ],
            action: request.taskId ? 'Aufgabe öffnen' : 'Anfrage ansehen',
            footer: 'Sie erhalten diese E-Mail als Inhaber(in) oder Admin des Teams.',
          }
        : {
            subject: oneLine(`Assignees missing: ${request.stepLabel} – ${request.formTitle}`),
            greeting: `Hello ${request.name},`,
            lines: [
              `in the workflow “${request.workflowName}”, the step “${request.stepLabel}” does not reach all its assignees:`,
              missing.join('\n'),
              request.taskId
                ? 'Please hand the task on if nobody can decide it any more, and correct the workflow.'
                : 'Please correct the workflow.',
            ],
            action: request.taskId ? 'Open the task' : 'View the request',
            footer: 'You receive this email as the owner or an admin of the team.',
          };
    }
  }
}

/** A time as each language reads it, in UTC: a mail does not know where its reader is. */
const utcTime = (iso: string, locale: Locale) => `${formatDateTime(new Date(iso), locale, { timeZone: 'UTC' })} UTC`;

const signingRequestedTexts = {
  de: {
    signer: { subject: 'Bitte unterschreiben', purpose: 'zur Unterschrift', action: 'Dokument unterschreiben' },
    approver: { subject: 'Bitte freigeben', purpose: 'zur Freigabe', action: 'Dokument prüfen und freigeben' },
    viewer: { subject: 'Bitte ansehen', purpose: 'zur Ansicht', action: 'Dokument ansehen' },
  },
  en: {
    signer: { subject: 'Please sign', purpose: 'for your signature', action: 'Sign the document' },
    approver: { subject: 'Please approve', purpose: 'for your approval', action: 'Review and approve' },
    viewer: { subject: 'Please review', purpose: 'for you to review', action: 'View the document' },
  },
};

function signingTextsOf(request: SigningMailRequest): Texts {
  const isGerman = request.locale === 'de';
  const greeting = isGerman ? `Hallo ${request.name},` : `Hello ${request.name},`;
  switch (request.kind) {
    case 'signing-requested': {
      const texts = signingRequestedTexts[request.locale][request.role];
      const message = request.message
        ? [isGerman ? `Nachricht von ${request.senderName}:` : `Message from ${request.senderName}:`, request.message]
        : [];
      const deadline = utcTime(request.expiresAt, request.locale);
      const opening = {
        turn: isGerman
          ? `${request.senderName} hat Ihnen „${request.title}“ ${texts.purpose} gesendet; Sie sind jetzt an der Reihe.`
          : `${request.senderName} sent you “${request.title}” ${texts.purpose}; it is your turn now.`,
        reminder: isGerman
          ? `„${request.title}“ von ${request.senderName} wartet noch auf Sie (${texts.purpose}).`
          : `“${request.title}” from ${request.senderName} is still waiting for you (${texts.purpose}).`,
        delegated: isGerman
          ? `${request.delegatedBy ?? request.senderName} hat „${request.title}“ von ${request.senderName} ${texts.purpose} an Sie übertragen; die Aufgabe liegt jetzt bei Ihnen.`
          : `${request.delegatedBy ?? request.senderName} handed “${request.title}” from ${request.senderName} on to you (${texts.purpose}); the task is yours now.`,
      }[request.occasion];
      const prefix = request.occasion === 'reminder' ? (isGerman ? 'Erinnerung: ' : 'Reminder: ') : '';
      return {
        subject: oneLine(`${prefix}${texts.subject}: ${request.title}`),
        greeting,
        lines: [
          opening,
          ...message,
          isGerman ? `Der Link gilt bis ${deadline}.` : `The link is valid until ${deadline}.`,
        ],
        action: texts.action,
        footer: isGerman
          ? 'Der Link ist persönlich: Bevor Sie handeln, schicken wir einen Bestätigungscode an diese Adresse. Bitte leiten Sie diese E-Mail nicht weiter.'
          : 'The link is personal: before you act, we send a confirmation code to this address. Please do not forward this email.',
      };
    }
    case 'signing-copy': {
      const message = request.message
        ? [isGerman ? `Nachricht von ${request.senderName}:` : `Message from ${request.senderName}:`, request.message]
        : [];
      return isGerman
        ? {
            subject: oneLine(`Zur Kenntnis: ${request.title}`),
            greeting,
            lines: [
              `${request.senderName} hat „${request.title}“ zur Unterschrift versendet und Sie in Kopie gesetzt. Sobald alle fertig sind, erhalten Sie das unterschriebene Dokument.`,
              ...message,
            ],
            action: 'Stand ansehen',
            footer: 'Sie müssen nichts tun. Der Link ist persönlich; bitte leiten Sie diese E-Mail nicht weiter.',
          }
        : {
            subject: oneLine(`For your information: ${request.title}`),
            greeting,
            lines: [
              `${request.senderName} sent “${request.title}” for signature and copied you in. Once everyone is done, you receive the signed document.`,
              ...message,
            ],
            action: 'View the status',
            footer: 'You need not do anything. The link is personal; please do not forward this email.',
          };
    }
    case 'signing-code':
      return isGerman
        ? {
            subject: oneLine(`Ihr Bestätigungscode für „${request.title}“`),
            greeting,
            lines: [`Ihr Bestätigungscode: ${request.code}`, `Er ist ${request.validMinutes} Minuten gültig.`],
            action: null,
            footer: 'Geben Sie den Code niemandem weiter. Haben Sie keinen angefordert, ignorieren Sie diese E-Mail.',
          }
        : {
            subject: oneLine(`Your confirmation code for “${request.title}”`),
            greeting,
            lines: [`Your confirmation code: ${request.code}`, `It is valid for ${request.validMinutes} minutes.`],
            action: null,
            footer: 'Do not share the code with anyone. If you did not ask for one, ignore this email.',
          };
    case 'signing-declined': {
      const isRejected = request.outcome === 'rejected';
      return isGerman
        ? {
            subject: oneLine(`${isRejected ? 'Nicht freigegeben' : 'Abgelehnt'}: ${request.title}`),
            greeting,
            lines: [
              isRejected
                ? `${request.by} hat „${request.title}“ nicht freigegeben. Die Signaturanfrage ist damit beendet; niemand muss mehr etwas tun.`
                : `${request.by} hat es abgelehnt, „${request.title}“ zu unterschreiben. Die Signaturanfrage ist damit beendet; niemand muss mehr etwas tun.`,
              'Begründung:',
              request.reason,
            ],
            action: request.isSender ? 'Dokumente öffnen' : null,
            footer: request.isSender
              ? 'Sie erhalten diese E-Mail, weil Sie die Anfrage versendet haben.'
              : 'Sie erhalten diese E-Mail, weil Sie an dieser Signaturanfrage beteiligt sind.',
          }
        : {
            subject: oneLine(`${isRejected ? 'Not approved' : 'Declined'}: ${request.title}`),
            greeting,
            lines: [
              isRejected
                ? `${request.by} did not approve “${request.title}”. The signing request has ended; nobody needs to do anything more.`
                : `${request.by} declined to sign “${request.title}”. The signing request has ended; nobody needs to do anything more.`,
              'Reason:',
              request.reason,
            ],
            action: request.isSender ? 'Open documents' : null,
            footer: request.isSender
              ? 'You receive this email because you sent the request.'
              : 'You receive this email because you take part in this signing request.',
          };
    }
    case 'signing-cancelled':
      return isGerman
        ? {
            subject: oneLine(`Zurückgezogen: ${request.title}`),
            greeting,
            lines: [
              `${request.senderName} hat die Signaturanfrage „${request.title}“ zurückgezogen. Sie müssen nichts mehr tun; die Links früherer E-Mails führen zu keiner Aufgabe mehr.`,
            ],
            action: null,
            footer: 'Sie erhalten diese E-Mail, weil Sie an dieser Signaturanfrage beteiligt waren.',
          }
        : {
            subject: oneLine(`Withdrawn: ${request.title}`),
            greeting,
            lines: [
              `${request.senderName} withdrew the signing request “${request.title}”. You need not do anything; the links of earlier emails lead to no task any more.`,
            ],
            action: null,
            footer: 'You receive this email because you took part in this signing request.',
          };
    case 'signing-expired':
      return isGerman
        ? {
            subject: oneLine(`Abgelaufen: ${request.title}`),
            greeting,
            lines: [
              `Die Signaturanfrage „${request.title}“ ist abgelaufen, bevor alle fertig waren. Niemand kann mehr unterschreiben; senden Sie das Dokument bei Bedarf erneut.`,
            ],
            action: 'Dokumente öffnen',
            footer: 'Sie erhalten diese E-Mail, weil Sie die Anfrage versendet haben.',
          }
        : {
            subject: oneLine(`Expired: ${request.title}`),
            greeting,
            lines: [
              `The signing request “${request.title}” expired before everyone was done. Nobody can sign any more; send the document again if needed.`,
            ],
            action: 'Open documents',
            footer: 'You receive this email because you sent the request.',
          };
    case 'signing-completed':
      return isGerman
        ? {
            subject: oneLine(`Unterschrieben: ${request.title}`),
            greeting,
            lines: [
              `Alle sind fertig: „${request.title}“ ist unterschrieben und mit einem Signaturzertifikat versiegelt.`,
            ],
            action: request.token ? 'Unterschriebenes Dokument öffnen' : 'Dokumente öffnen',
            footer: request.token
              ? 'Über den Link erreichen Sie das Dokument jederzeit. Er ist persönlich; teilen Sie ihn nur mit Personen, die das Dokument sehen dürfen.'
              : 'Sie erhalten diese E-Mail, weil Sie die Anfrage versendet haben.',
          }
        : {
            subject: oneLine(`Signed: ${request.title}`),
            greeting,
            lines: [`Everyone is done: “${request.title}” is signed and sealed with a signing certificate.`],
            action: request.token ? 'Open the signed document' : 'Open documents',
            footer: request.token
              ? 'The link reaches the document at any time. It is personal; share it only with people who may see the document.'
              : 'You receive this email because you sent the request.',
          };
  }
}

function digestTextsOf(request: NotificationDigestMailRequest): Texts {
  const isGerman = request.locale === 'de';
  const count = request.items.length + request.moreCount;
  const items: ListItem[] = request.items.map((item) => ({
    text: noticeSentence(item.type, item.params, request.locale),
    path: item.path,
  }));
  if (request.moreCount > 0) {
    items.push({
      text: isGerman
        ? `… und ${request.moreCount} weitere in Ihren Benachrichtigungen`
        : `… and ${request.moreCount} more in your notifications`,
      path: null,
    });
  }
  return isGerman
    ? {
        subject:
          count === 1
            ? 'Ihre tägliche Zusammenfassung: 1 Benachrichtigung'
            : `Ihre tägliche Zusammenfassung: ${count} Benachrichtigungen`,
        greeting: `Hallo ${request.name},`,
        lines: ['das ist seit gestern Morgen für Sie eingegangen:'],
        items,
        action: 'Alle Benachrichtigungen öffnen',
        footer:
          'Sie erhalten diese E-Mail, weil Sie für diese Arten eine tägliche Zusammenfassung gewählt haben. Ändern können Sie das unter Benachrichtigungen → Einstellungen.',
      }
    : {
        subject: count === 1 ? 'Your daily digest: 1 notification' : `Your daily digest: ${count} notifications`,
        greeting: `Hello ${request.name},`,
        lines: ['this is what arrived for you since yesterday morning:'],
        items,
        action: 'Open all notifications',
        footer:
          'You receive this email because you chose a daily digest for these kinds. You can change that under Notifications → Settings.',
      };
}

/** What each notice to a team's owners and admins asks of them, and the page its button opens. */
const billingNoticeAdvice = {
  de: {
    paymentFailed:
      'Stripe versucht die Zahlung in den nächsten Tagen erneut. Bitte hinterlegen Sie bis dahin eine gültige Karte, sonst endet der Tarif und es gelten wieder die Grenzen von Free.',
    submissionLimitReached:
      'Ab dem ersten Tag des nächsten Monats nehmen Ihre Formulare wieder Antworten an. Ein größerer Tarif gilt sofort.',
    storageFull:
      'Löschen Sie auf der Seite Speicher Dateien, die Sie nicht mehr brauchen, oder wählen Sie einen größeren Tarif: Er gilt sofort.',
  },
  en: {
    paymentFailed:
      'Stripe will try the payment again over the next days. Please add a valid card before then, or the plan ends and the limits of Free apply again.',
    submissionLimitReached:
      'From the first day of next month your forms take responses again. A larger plan applies at once.',
    storageFull: 'Delete files you no longer need on the Storage page, or choose a larger plan: it applies at once.',
  },
} as const;

function billingNoticeTextsOf(request: BillingNoticeMailRequest): Texts {
  const sentence = noticeSentence(request.type, request.params, request.locale);
  const isStorage = request.type === 'storageFull';
  return request.locale === 'de'
    ? {
        subject: oneLine(sentence),
        greeting: `Hallo ${request.name},`,
        lines: [sentence, billingNoticeAdvice.de[request.type]],
        action: isStorage ? 'Speicher öffnen' : 'Tarif und Zahlung öffnen',
        footer:
          'Sie erhalten diese E-Mail als Inhaber oder Admin des Teams. Ändern können Sie das unter Benachrichtigungen → Einstellungen.',
      }
    : {
        subject: oneLine(sentence),
        greeting: `Hello ${request.name},`,
        lines: [sentence, billingNoticeAdvice.en[request.type]],
        action: isStorage ? 'Open storage' : 'Open plan and billing',
        footer:
          'You receive this email as an owner or admin of the team. You can change that under Notifications → Settings.',
      };
}

function textsOf(request: MailRequest): Texts {
  const isGerman = request.locale === 'de';
  switch (request.kind) {
    case 'approval-task':
    case 'approval-reminder':
    case 'approval-changes-requested':
    case 'approval-ended':
    case 'workflow-notification':
    case 'approval-escalated':
    case 'approval-commented':
    case 'approval-assignee-missing':
      return workflowTextsOf(request);
    case 'notification-digest':
      return digestTextsOf(request);
    case 'billing-notice':
      return billingNoticeTextsOf(request);
    case 'signing-requested':
    case 'signing-copy':
    case 'signing-code':
    case 'signing-declined':
    case 'signing-cancelled':
    case 'signing-expired':
    case 'signing-completed':
      return signingTextsOf(request);
    case 'verify-email':
      return isGerman
        ? {
            subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
            greeting: `Hallo ${request.name},`,
            lines: [
              'willkommen bei Formwerk! Bitte bestätigen Sie Ihre E-Mail-Adresse; der Link meldet Sie danach gleich an.',
            ],
            action: 'E-Mail-Adresse bestätigen',
            footer: 'Der Link ist 7 Tage gültig. Wenn Sie sich nicht registriert haben, ignorieren Sie diese E-Mail.',
          }
        : {
            subject: 'Please confirm your email address',
            greeting: `Hello ${request.name},`,
            lines: ['welcome to Formwerk! Please confirm your email address; the link then signs you in.'],
            action: 'Confirm email address',
            footer: 'The link is valid for 7 days. If you did not sign up, ignore this email.',
          };
    case 'reset-password':
      return isGerman
        ? {
            subject: 'Passwort zurücksetzen',
            greeting: `Hallo ${request.name},`,
            lines: ['jemand hat ein neues Passwort für Ihr Konto angefordert.'],
            action: 'Neues Passwort festlegen',
            footer:
              'Der Link ist eine Stunde gültig und nur einmal verwendbar. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
          }
        : {
            subject: 'Reset your password',
            greeting: `Hello ${request.name},`,
            lines: ['someone asked for a new password for your account.'],
            action: 'Choose a new password',
            footer:
              'The link is valid for one hour and works once. If this was not you, ignore this email; your password stays as it is.',
          };
    case 'account-exists':
      return isGerman
        ? {
            subject: 'Sie haben bereits ein Konto bei Formwerk',
            greeting: `Hallo ${request.name},`,
            lines: [
              'jemand wollte gerade mit Ihrer E-Mail-Adresse ein neues Konto anlegen. Zu dieser Adresse gibt es schon Ihr Konto; es bleibt unverändert.',
              'Waren Sie das, melden Sie sich einfach an. Kennen Sie Ihr Passwort nicht mehr, legen Sie hier ein neues fest.',
            ],
            action: 'Neues Passwort festlegen',
            footer:
              'Der Link ist eine Stunde gültig und nur einmal verwendbar. Waren Sie es nicht, ignorieren Sie diese E-Mail.',
          }
        : {
            subject: 'You already have a Formwerk account',
            greeting: `Hello ${request.name},`,
            lines: [
              'someone just tried to create a new account with your email address. Your account already uses this address and stays as it is.',
              'If it was you, simply sign in. If you no longer know your password, choose a new one here.',
            ],
            action: 'Choose a new password',
            footer: 'The link is valid for one hour and works once. If this was not you, ignore this email.',
          };
    case 'invitation':
      return isGerman
        ? {
            subject: `Einladung zum Team „${request.teamName}“`,
            greeting: 'Hallo,',
            lines: [`${request.inviterName} lädt Sie in das Team „${request.teamName}“ bei Formwerk ein.`],
            action: 'Einladung annehmen',
            footer: 'Die Einladung ist 7 Tage gültig.',
          }
        : {
            subject: `Invitation to the team “${request.teamName}”`,
            greeting: 'Hello,',
            lines: [`${request.inviterName} invites you to the team “${request.teamName}” on Formwerk.`],
            action: 'Accept the invitation',
            footer: 'The invitation is valid for 7 days.',
          };
    case 'personal-data-link':
      return isGerman
        ? {
            subject: `Ihre Angaben zu „${oneLine(request.formTitle)}“`,
            greeting: 'Hallo,',
            lines: [
              `danke für Ihre Antworten auf das Formular „${request.formTitle}“. Über Ihren persönlichen Link können Sie Ihre Angaben jederzeit ansehen, als Datei herunterladen oder löschen.`,
            ],
            action: 'Ihre Daten ansehen, herunterladen oder löschen',
            footer:
              'Wer diesen Link hat, kann Ihre Angaben sehen und löschen: Geben Sie ihn nicht weiter. Haben Sie das Formular nicht ausgefüllt, ignorieren Sie diese E-Mail.',
          }
        : {
            subject: `Your answers to “${oneLine(request.formTitle)}”`,
            greeting: 'Hello,',
            lines: [
              `thank you for your answers to the form “${request.formTitle}”. With your personal link you can view your data, download it as a file or erase it at any time.`,
            ],
            action: 'View, download or erase your data',
            footer:
              'Anyone with this link can see and erase your answers: do not pass it on. If you did not fill in the form, ignore this email.',
          };
    case 'document-shared': {
      const message = request.message ? [request.message] : [];
      return isGerman
        ? {
            subject: `${request.sharerName} hat „${request.documentName}“ mit Ihnen geteilt`,
            greeting: 'Hallo,',
            lines: [
              `${request.sharerName} (Team „${request.teamName}“) hat das Dokument „${request.documentName}“ bei Formwerk mit Ihnen geteilt.`,
              ...message,
            ],
            action: 'Dokument ansehen',
            footer:
              'Sie finden es unter Dokumente → Mit mir geteilt, sobald Sie mit dieser E-Mail-Adresse angemeldet sind. Haben Sie noch kein Konto, registrieren Sie sich mit dieser Adresse.',
          }
        : {
            subject: `${request.sharerName} shared “${request.documentName}” with you`,
            greeting: 'Hello,',
            lines: [
              `${request.sharerName} (team “${request.teamName}”) shared the document “${request.documentName}” with you on Formwerk.`,
              ...message,
            ],
            action: 'View the document',
            footer:
              'You find it under Documents → Shared with me once you are signed in with this email address. If you have no account yet, sign up with this address.',
          };
    }
    case 'new-sign-in':
      return newSignInTexts(request);
    case 'login-failures':
      return isGerman
        ? {
            subject: 'Viele fehlgeschlagene Anmeldungen bei Ihrem Konto',
            greeting: `Hallo ${request.name},`,
            lines: [
              `in den letzten Minuten wurde ${request.failures}-mal versucht, sich mit einem falschen Passwort bei Ihrem Konto anzumelden.`,
              'Waren Sie das nicht, wählen Sie bitte ein neues, starkes Passwort. Ihr Konto bleibt für Sie nutzbar; weitere Versuche werden verlangsamt.',
            ],
            action: 'Neues Passwort wählen',
            footer: 'Waren Sie es selbst, können Sie diese E-Mail ignorieren.',
          }
        : {
            subject: 'Many failed sign-ins to your account',
            greeting: `Hello ${request.name},`,
            lines: [
              `in the last few minutes, someone tried ${request.failures} times to sign in to your account with a wrong password.`,
              'If this was not you, please choose a new, strong password. Your account stays usable for you; further attempts are slowed down.',
            ],
            action: 'Choose a new password',
            footer: 'If it was you, you can ignore this email.',
          };
  }
}

/** "Chrome unter Windows": the device as its owner knows it, from what its User-Agent told. */
function deviceWords({ browser, os }: { browser: string | null; os: string | null }, isGerman: boolean): string {
  if (browser && os) return isGerman ? `${browser} unter ${os}` : `${browser} on ${os}`;
  if (browser) return browser;
  if (os) return isGerman ? `ein Gerät mit ${os}` : `a device with ${os}`;
  return isGerman ? 'ein unbekanntes Gerät' : 'an unknown device';
}

const signInMethodWords = {
  de: {
    password: 'mit dem Passwort',
    google: 'mit Google',
    'email-link': 'über einen Link aus einer E-Mail',
    sso: 'über Single Sign-on',
  },
  en: {
    password: 'with the password',
    google: 'with Google',
    'email-link': 'through a link from an email',
    sso: 'through single sign-on',
  },
};

function newSignInTexts(request: Extract<MailRequest, { kind: 'new-sign-in' }>): Texts {
  const isGerman = request.locale === 'de';
  const when = utcTime(request.at, request.locale);
  const device = deviceWords(request, isGerman);
  const method = signInMethodWords[request.locale][request.method];
  return isGerman
    ? {
        subject: 'Neue Anmeldung bei Formwerk',
        greeting: `Hallo ${request.name},`,
        lines: [
          'bei Ihrem Konto hat sich gerade ein Gerät angemeldet, das sich bisher nicht bei Ihnen angemeldet hatte:',
          `Zeit: ${when}\nGerät: ${device}\nIP-Adresse: ${request.ipAddress}\nAnmeldung: ${method}`,
          'Waren Sie das nicht, ändern Sie bitte sofort Ihr Passwort, melden Sie im Profil die Sitzungen ab, die Sie nicht kennen, und schalten Sie die Bestätigung in zwei Schritten ein.',
        ],
        action: 'Sicherheit des Kontos prüfen',
        footer: 'Waren Sie es selbst, ist nichts zu tun.',
      }
    : {
        subject: 'New sign-in to Formwerk',
        greeting: `Hello ${request.name},`,
        lines: [
          'a device that had not signed in to your account before has just signed in:',
          `Time: ${when}\nDevice: ${device}\nIP address: ${request.ipAddress}\nSigned in: ${method}`,
          'If this was not you, please change your password at once, sign out the sessions you do not know in your profile, and turn on two-step verification.',
        ],
        action: 'Review your account security',
        footer: 'If it was you, there is nothing to do.',
      };
}

// Names and team names are typed by users: they go into the HTML only escaped.
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * A mail's simple HTML: its paragraphs (line breaks kept), at most one button and a small footer, every
 * text escaped.
 */
export function mailHtml({
  locale,
  paragraphs,
  list,
  action,
  footer,
}: {
  locale: string;
  paragraphs: string[];
  /** After the paragraphs: a list whose entries with a URL are links. */
  list?: { text: string; url: string | null }[] | undefined;
  action?: { label: string; url: string } | undefined;
  footer?: string | undefined;
}): string {
  const listed = list?.length
    ? `<ul>${list
        .map(({ text, url }) =>
          url
            ? `<li style="margin:0 0 6px"><a href="${escapeHtml(url)}" style="color:#4f46e5">${escapeHtml(text)}</a></li>`
            : `<li style="margin:0 0 6px">${escapeHtml(text)}</li>`,
        )
        .join('')}</ul>`
    : '';
  const body =
    paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`).join('') + listed;
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;border-radius:6px;` +
      `background:#4f46e5;color:#ffffff;text-decoration:none">${escapeHtml(action.label)}</a></p>`
    : '';
  const small = footer ? `<p style="color:#6b7280;font-size:13px">${escapeHtml(footer)}</p>` : '';
  return (
    `<!doctype html><html lang="${escapeHtml(locale)}"><body style="font-family:system-ui,sans-serif;color:#1f2937">` +
    `${body}${button}${small}</body></html>`
  );
}

/** The mail in the recipient's language, as plain text and as simple HTML with one button. */
export function renderMail(request: MailRequest, publicUrl: string): RenderedMail {
  const texts = textsOf(request);
  const link = linkOf(request, publicUrl);
  const action = texts.action && link ? { label: texts.action, url: link } : undefined;
  const list = texts.items?.map((item) => ({
    text: item.text,
    url: item.path === null ? null : `${publicUrl}${localePrefix(request.locale)}${item.path}`,
  }));
  const text = [
    texts.greeting,
    '',
    ...texts.lines,
    '',
    ...(list?.length
      ? [...list.map((item) => (item.url ? `– ${item.text}\n  ${item.url}` : `– ${item.text}`)), '']
      : []),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    texts.footer,
    '',
  ].join('\n');
  const html = mailHtml({
    locale: request.locale,
    paragraphs: [texts.greeting, ...texts.lines],
    list,
    action,
    footer: texts.footer,
  });
  return { subject: texts.subject, text, html };
}
