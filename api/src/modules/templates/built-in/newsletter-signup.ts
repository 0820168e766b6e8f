import { choicesOf, defineTemplate } from './define-template';

const de = {
  title: 'Newsletter-Anmeldung',
  description: 'Neuigkeiten, Tipps und Angebote direkt in Ihr Postfach – kostenlos und jederzeit abbestellbar.',
  email: 'E-Mail-Adresse',
  firstName: 'Vorname (für die persönliche Anrede)',
  topics: 'Welche Themen interessieren Sie?',
  topicChoices: {
    news: 'Produktneuheiten',
    events: 'Veranstaltungen',
    offers: 'Angebote und Aktionen',
    tips: 'Tipps und Anleitungen',
  },
  frequency: 'Wie oft möchten Sie von uns hören?',
  frequencies: { weekly: 'Wöchentlich', monthly: 'Einmal im Monat' },
  source: 'Kampagne',
  consent: 'Einwilligung',
  consentText:
    'Ja, ich möchte den Newsletter per E-Mail erhalten. Meine Einwilligung kann ich jederzeit über den Abmeldelink in jeder E-Mail widerrufen.',
  doubleOptInLabel: 'Hinweis zur Bestätigung',
  doubleOptIn:
    'Nach dem Absenden erhalten Sie eine E-Mail mit einem Bestätigungslink. Erst wenn Sie darauf klicken, ist Ihre Anmeldung abgeschlossen.',
};

const en: typeof de = {
  title: 'Newsletter signup',
  description: 'News, tips and offers straight to your inbox – free of charge, and you can unsubscribe at any time.',
  email: 'Email address',
  firstName: 'First name (so we can greet you personally)',
  topics: 'Which topics interest you?',
  topicChoices: {
    news: 'New products',
    events: 'Events',
    offers: 'Offers and promotions',
    tips: 'Tips and how-tos',
  },
  frequency: 'How often would you like to hear from us?',
  frequencies: { weekly: 'Weekly', monthly: 'Once a month' },
  source: 'Campaign',
  consent: 'Consent',
  consentText:
    'Yes, I would like to receive the newsletter by email. I can withdraw my consent at any time using the unsubscribe link in every email.',
  doubleOptInLabel: 'About the confirmation',
  doubleOptIn:
    'After sending, you will receive an email with a confirmation link. Your signup is complete once you click it.',
};

export const newsletterSignupTemplate = defineTemplate({
  id: 'newsletter-signup',
  category: 'contact',
  words: { de, en },
  pages: (words) => [
    {
      id: 'page-1',
      fields: [
        { id: 'email', type: 'email', label: words.email, required: true },
        { id: 'first-name', type: 'shortText', label: words.firstName, maxLength: 100 },
        {
          id: 'topics',
          type: 'multipleChoice',
          label: words.topics,
          choices: choicesOf(words.topicChoices),
          minChoices: 1,
          required: true,
        },
        { id: 'frequency', type: 'singleChoice', label: words.frequency, choices: choicesOf(words.frequencies) },
        // Tells which campaign brought the subscriber, from links such as ?utm_source=instagram.
        { id: 'source', type: 'hidden', label: words.source, queryParam: 'utm_source' },
        { id: 'consent', type: 'consent', label: words.consent, text: words.consentText, required: true },
        { id: 'double-opt-in', type: 'paragraph', label: words.doubleOptInLabel, text: words.doubleOptIn },
      ],
    },
  ],
});
