import {
  answerAsText,
  type EmailSettings,
  type FormDefinition,
  fillPlaceholders,
  takesAnswer,
} from '@formwerk/contracts';
import { mailHtml } from '../mail/mail-messages';
import type { Submission } from '../submissions/submission.model';
import type { QueuedMail } from './form-delivery.model';

type Locale = 'de' | 'en';
type Context = { definition: FormDefinition; submission: Pick<Submission, '_id' | 'answers' | 'reference'> };

const localePrefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

// A subject is one line: answers typed into it must not start a second header line.
const oneLine = (text: string) => text.replace(/\s*[\r\n]+\s*/g, ' ').trim();

/** Each answered field as "Label: answer", in the recipient's language. */
function answerLines(context: Context, locale: Locale): string[] {
  return context.definition.pages
    .flatMap((page) => page.fields)
    .filter(takesAnswer)
    .flatMap((field) => {
      const text = answerAsText(field, context.submission.answers[field.id], locale);
      return text ? [`${field.label || field.id}: ${text}`] : [];
    });
}

/** The mail to a team member: the form, the reference, the answers and a link to the submission. */
export function teamNotificationMail(context: Context, recipient: { name: string; locale: Locale }): QueuedMail {
  const { definition, submission } = context;
  const isGerman = recipient.locale === 'de';
  const reference = submission.reference;
  const subject = isGerman
    ? `Neue Antwort auf „${definition.title}“${reference ? ` (${reference})` : ''}`
    : `New response to “${definition.title}”${reference ? ` (${reference})` : ''}`;
  const intro = isGerman
    ? `zu Ihrem Formular „${definition.title}“ ist eine neue Antwort eingegangen${reference ? ` mit der Referenznummer ${reference}` : ''}.`
    : `your form “${definition.title}” has a new response${reference ? ` with the reference ${reference}` : ''}.`;
  const answers = answerLines(context, recipient.locale);
  return {
    locale: recipient.locale,
    subject: oneLine(subject),
    paragraphs: [isGerman ? `Hallo ${recipient.name},` : `Hello ${recipient.name},`, intro, answers.join('\n')].filter(
      Boolean,
    ),
    action: {
      label: isGerman ? 'Antwort ansehen' : 'View the response',
      path: `${localePrefix(recipient.locale)}/v1/submissions/${submission._id.toString()}`,
    },
  };
}

const defaultConfirmation = {
  de: {
    subject: 'Ihre Antwort auf „{formTitle}“',
    body: 'Vielen Dank, wir haben Ihre Antwort auf „{formTitle}“ erhalten.',
  },
  en: {
    subject: 'Your response to “{formTitle}”',
    body: 'Thank you, we have received your response to “{formTitle}”.',
  },
};

/**
 * The respondent's confirmation in the form's language: the owner's subject and text (ours where left
 * empty) with `{fieldId}`, `{formTitle}` and `{reference}` filled in.
 */
export function confirmationMail(context: Context, confirmation: EmailSettings['confirmation']): QueuedMail {
  const locale = context.definition.language;
  const fill = (template: string) =>
    fillPlaceholders(template, {
      definition: context.definition,
      answers: context.submission.answers,
      locale,
      values: { formTitle: context.definition.title, reference: context.submission.reference ?? '' },
    });
  const subject = confirmation.subject.trim() || defaultConfirmation[locale].subject;
  const body = confirmation.body.trim() ? confirmation.body : defaultConfirmation[locale].body;
  return { locale, subject: oneLine(fill(subject)), paragraphs: [fill(body)], action: null };
}

// Everything in a mail comes from users (answers, the owner's texts): HTML gets it only escaped.

/** A queued mail as plain text and simple HTML; the link starts with the site's public address. */
export function renderQueuedMail(mail: QueuedMail, publicUrl: string): { subject: string; text: string; html: string } {
  const link = mail.action ? `${publicUrl}${mail.action.path}` : null;
  const text = [...mail.paragraphs, ...(mail.action && link ? [`${mail.action.label}: ${link}`] : []), ''].join('\n\n');
  const action = mail.action && link ? { label: mail.action.label, url: link } : undefined;
  return { subject: mail.subject, text, html: mailHtml({ locale: mail.locale, paragraphs: mail.paragraphs, action }) };
}
