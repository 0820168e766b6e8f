import type { Condition } from '@formwerk/contracts';
import { choicesOf, defineTemplate } from './define-template';

const de = {
  title: 'Anmeldung zur Veranstaltung',
  description:
    'Melden Sie sich hier zu unserer Veranstaltung an. Verbindlich ist Ihre Anmeldung, sobald wir sie per E-Mail bestätigt haben.',
  aboutYou: 'Ihre Angaben',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail-Adresse',
  organization: 'Firma oder Organisation',
  participation: 'Ihre Teilnahme',
  attendance: 'Wie nehmen Sie teil?',
  attendanceChoices: { onSite: 'Vor Ort', online: 'Online per Livestream' },
  workshops: 'Welche Workshops möchten Sie besuchen?',
  workshopsHelp: 'Sie können höchstens zwei Workshops wählen.',
  workshopChoices: {
    basics: 'Workshop A: Grundlagen',
    practice: 'Workshop B: Aus der Praxis',
    future: 'Workshop C: Ausblick und Trends',
  },
  diet: 'Verpflegung',
  dietChoices: {
    none: 'Keine besonderen Wünsche',
    vegetarian: 'Vegetarisch',
    vegan: 'Vegan',
    glutenFree: 'Glutenfrei',
  },
  guests: 'Anzahl der Begleitpersonen',
  source: 'Aufmerksam geworden über',
  photos: 'Fotos',
  photosText:
    'Ich bin einverstanden, dass auf der Veranstaltung Fotos gemacht werden, auf denen ich zu sehen sein kann, und dass diese veröffentlicht werden.',
  privacy: 'Datenschutz',
  privacyText: 'Ich bin einverstanden, dass meine Angaben zur Organisation der Veranstaltung gespeichert werden.',
};

const en: typeof de = {
  title: 'Event registration',
  description:
    'Register for our event here. Your registration is confirmed once we have sent you a confirmation email.',
  aboutYou: 'About you',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  organization: 'Company or organization',
  participation: 'Your participation',
  attendance: 'How will you attend?',
  attendanceChoices: { onSite: 'In person', online: 'Online via livestream' },
  workshops: 'Which workshops would you like to attend?',
  workshopsHelp: 'You can choose up to two workshops.',
  workshopChoices: {
    basics: 'Workshop A: The basics',
    practice: 'Workshop B: Lessons from practice',
    future: 'Workshop C: Outlook and trends',
  },
  diet: 'Dietary requirements',
  dietChoices: {
    none: 'No special requirements',
    vegetarian: 'Vegetarian',
    vegan: 'Vegan',
    glutenFree: 'Gluten-free',
  },
  guests: 'Number of accompanying guests',
  source: 'Heard about us through',
  photos: 'Photos',
  photosText: 'I agree that photos may be taken at the event in which I may appear, and that they may be published.',
  privacy: 'Privacy',
  privacyText: 'I agree that my details are stored to organize the event.',
};

const onSite: Condition = {
  combinator: 'and',
  rules: [{ fieldId: 'attendance', operator: 'equals', value: 'onSite' }],
};

export const eventRegistrationTemplate = defineTemplate({
  id: 'event-registration',
  category: 'events',
  words: { de, en },
  pages: (words) => [
    {
      id: 'page-1',
      fields: [
        { id: 'about-you', type: 'heading', label: words.aboutYou },
        { id: 'first-name', type: 'shortText', label: words.firstName, required: true },
        { id: 'last-name', type: 'shortText', label: words.lastName, required: true },
        { id: 'email', type: 'email', label: words.email, required: true },
        { id: 'organization', type: 'shortText', label: words.organization },
        { id: 'participation', type: 'heading', label: words.participation },
        {
          id: 'attendance',
          type: 'singleChoice',
          label: words.attendance,
          choices: choicesOf(words.attendanceChoices),
          required: true,
        },
        {
          id: 'workshops',
          type: 'multipleChoice',
          label: words.workshops,
          help: words.workshopsHelp,
          choices: choicesOf(words.workshopChoices),
          maxChoices: 2,
          visibleWhen: onSite,
        },
        { id: 'diet', type: 'dropdown', label: words.diet, choices: choicesOf(words.dietChoices), visibleWhen: onSite },
        { id: 'guests', type: 'number', label: words.guests, min: 0, max: 3, decimals: 0, visibleWhen: onSite },
        { id: 'source', type: 'hidden', label: words.source, queryParam: 'source' },
        { id: 'photos', type: 'consent', label: words.photos, text: words.photosText },
        { id: 'privacy', type: 'consent', label: words.privacy, text: words.privacyText, required: true },
      ],
    },
  ],
});
