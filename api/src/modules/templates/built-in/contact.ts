import { choicesOf, defineTemplate } from './define-template';

const de = {
  title: 'Kontaktformular',
  description:
    'Fragen, Wünsche oder Anregungen? Schreiben Sie uns – wir antworten in der Regel innerhalb eines Werktags.',
  name: 'Name',
  namePlaceholder: 'Vorname Nachname',
  email: 'E-Mail-Adresse',
  topic: 'Worum geht es?',
  topics: {
    question: 'Allgemeine Frage',
    quote: 'Angebotsanfrage',
    support: 'Hilfe zu einem Produkt',
    other: 'Sonstiges',
  },
  message: 'Ihre Nachricht',
  callback: 'Möchten Sie zurückgerufen werden?',
  phone: 'Telefonnummer',
  phoneHelp: 'Wir rufen werktags zwischen 9 und 17 Uhr an.',
  privacy: 'Datenschutz',
  privacyText:
    'Ich bin einverstanden, dass meine Angaben zur Bearbeitung meiner Anfrage gespeichert werden. Die Einwilligung kann ich jederzeit widerrufen.',
};

const en: typeof de = {
  title: 'Contact form',
  description: 'Questions, requests or ideas? Write to us – we usually reply within one working day.',
  name: 'Name',
  namePlaceholder: 'First and last name',
  email: 'Email address',
  topic: 'What is it about?',
  topics: {
    question: 'General question',
    quote: 'Request a quote',
    support: 'Help with a product',
    other: 'Something else',
  },
  message: 'Your message',
  callback: 'Would you like us to call you back?',
  phone: 'Phone number',
  phoneHelp: 'We call on working days between 9 am and 5 pm.',
  privacy: 'Privacy',
  privacyText: 'I agree that my details are stored to handle my request. I can withdraw this consent at any time.',
};

export const contactTemplate = defineTemplate({
  id: 'contact',
  category: 'contact',
  words: { de, en },
  pages: (words) => [
    {
      id: 'page-1',
      fields: [
        { id: 'name', type: 'shortText', label: words.name, placeholder: words.namePlaceholder, required: true },
        { id: 'email', type: 'email', label: words.email, required: true },
        { id: 'topic', type: 'dropdown', label: words.topic, choices: choicesOf(words.topics), required: true },
        { id: 'message', type: 'longText', label: words.message, maxLength: 3000, required: true },
        { id: 'callback', type: 'yesNo', label: words.callback },
        {
          id: 'phone',
          type: 'phone',
          label: words.phone,
          help: words.phoneHelp,
          required: true,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'callback', operator: 'equals', value: true }] },
        },
        { id: 'privacy', type: 'consent', label: words.privacy, text: words.privacyText, required: true },
      ],
    },
  ],
});
