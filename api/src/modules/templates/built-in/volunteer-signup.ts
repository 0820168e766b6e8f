import { choicesOf, defineTemplate } from './define-template';

const de = {
  title: 'Anmeldung als Helferin oder Helfer',
  description:
    'Sie möchten unser Fest unterstützen? Wunderbar! Tragen Sie sich ein – wir melden uns mit Ihrem Einsatzplan.',
  name: 'Name',
  email: 'E-Mail-Adresse',
  phone: 'Mobilnummer',
  isAdult: 'Sind Sie mindestens 18 Jahre alt?',
  guardian: 'Einverständnis der Eltern',
  guardianText: 'Eine erziehungsberechtigte Person ist mit meiner Mithilfe einverstanden.',
  areas: 'Wobei möchten Sie helfen?',
  areaChoices: {
    setup: 'Aufbau und Abbau',
    catering: 'Essen und Getränke',
    welcome: 'Empfang und Einlass',
    children: 'Kinderprogramm',
    firstAid: 'Erste Hilfe',
  },
  firstAidCertificate: 'Haben Sie einen gültigen Erste-Hilfe-Nachweis?',
  days: 'An welchen Tagen haben Sie Zeit?',
  dayChoices: { friday: 'Freitag', saturday: 'Samstag', sunday: 'Sonntag' },
  hours: 'Wie viele Stunden möchten Sie insgesamt helfen?',
  shirtSize: 'T-Shirt-Größe für Ihr Helfershirt',
  notes: 'Möchten Sie uns noch etwas mitteilen?',
  privacy: 'Datenschutz',
  privacyText:
    'Ich bin einverstanden, dass meine Angaben zur Einsatzplanung gespeichert und nach der Veranstaltung gelöscht werden.',
};

const en: typeof de = {
  title: 'Volunteer signup',
  description:
    'Would you like to help at our festival? Wonderful! Sign up and we will get back to you with your schedule.',
  name: 'Name',
  email: 'Email address',
  phone: 'Mobile number',
  isAdult: 'Are you at least 18 years old?',
  guardian: 'Parental consent',
  guardianText: 'A parent or guardian agrees to my volunteering.',
  areas: 'Where would you like to help?',
  areaChoices: {
    setup: 'Setting up and clearing away',
    catering: 'Food and drinks',
    welcome: 'Welcome and admission',
    children: 'Children’s activities',
    firstAid: 'First aid',
  },
  firstAidCertificate: 'Do you hold a valid first aid certificate?',
  days: 'Which days are you available?',
  dayChoices: { friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday' },
  hours: 'How many hours would you like to help in total?',
  shirtSize: 'T-shirt size for your volunteer shirt',
  notes: 'Is there anything else you would like to tell us?',
  privacy: 'Privacy',
  privacyText: 'I agree that my details are stored to plan the shifts and deleted after the event.',
};

const sizes = { s: 'S', m: 'M', l: 'L', xl: 'XL', xxl: 'XXL' };

export const volunteerSignupTemplate = defineTemplate({
  id: 'volunteer-signup',
  category: 'events',
  words: { de, en },
  pages: (words) => [
    {
      id: 'page-1',
      fields: [
        { id: 'name', type: 'shortText', label: words.name, required: true },
        { id: 'email', type: 'email', label: words.email, required: true },
        { id: 'phone', type: 'phone', label: words.phone, required: true },
        { id: 'is-adult', type: 'yesNo', label: words.isAdult, required: true },
        {
          id: 'guardian',
          type: 'consent',
          label: words.guardian,
          text: words.guardianText,
          required: true,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'is-adult', operator: 'equals', value: false }] },
        },
        {
          id: 'areas',
          type: 'multipleChoice',
          label: words.areas,
          choices: choicesOf(words.areaChoices),
          minChoices: 1,
          required: true,
        },
        {
          id: 'first-aid-certificate',
          type: 'yesNo',
          label: words.firstAidCertificate,
          required: true,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'areas', operator: 'contains', value: 'firstAid' }] },
        },
        {
          id: 'days',
          type: 'multipleChoice',
          label: words.days,
          choices: choicesOf(words.dayChoices),
          minChoices: 1,
          required: true,
        },
        { id: 'hours', type: 'number', label: words.hours, min: 1, max: 40, decimals: 0 },
        { id: 'shirt-size', type: 'dropdown', label: words.shirtSize, choices: choicesOf(sizes) },
        { id: 'notes', type: 'longText', label: words.notes, maxLength: 1000 },
        { id: 'privacy', type: 'consent', label: words.privacy, text: words.privacyText, required: true },
      ],
    },
  ],
});
