import { choicesOf, defineTemplate } from './define-template';

const de = {
  title: 'Terminbuchung',
  description:
    'Wählen Sie Ihren Wunschtermin. Wir bestätigen ihn per E-Mail oder schlagen Ihnen einen anderen vor, falls er schon vergeben ist.',
  service: 'Welche Leistung möchten Sie buchen?',
  services: {
    consultation: 'Erstberatung (30 Minuten)',
    followUp: 'Folgetermin (60 Minuten)',
    video: 'Videoberatung (30 Minuten)',
  },
  date: 'Wunschtermin',
  dateHelp: 'Termine bieten wir montags bis freitags an.',
  time: 'Uhrzeit',
  timeHelp: 'Zwischen 9 und 17 Uhr.',
  alternativeDate: 'Ausweichtermin',
  name: 'Name',
  email: 'E-Mail-Adresse',
  phone: 'Telefonnummer',
  firstVisit: 'Sind Sie zum ersten Mal bei uns?',
  concern: 'Worum geht es? (optional)',
  reminder: 'Erinnerung',
  reminderText: 'Bitte erinnern Sie mich einen Tag vorher per E-Mail an meinen Termin.',
};

const en: typeof de = {
  title: 'Appointment booking',
  description:
    'Choose a time that suits you. We will confirm it by email or suggest another one if it is already taken.',
  service: 'Which service would you like to book?',
  services: {
    consultation: 'Initial consultation (30 minutes)',
    followUp: 'Follow-up appointment (60 minutes)',
    video: 'Video consultation (30 minutes)',
  },
  date: 'Preferred date',
  dateHelp: 'We offer appointments Monday to Friday.',
  time: 'Time',
  timeHelp: 'Between 9 am and 5 pm.',
  alternativeDate: 'Alternative date',
  name: 'Name',
  email: 'Email address',
  phone: 'Phone number',
  firstVisit: 'Is this your first visit?',
  concern: 'What is it about? (optional)',
  reminder: 'Reminder',
  reminderText: 'Please remind me of my appointment by email the day before.',
};

export const appointmentBookingTemplate = defineTemplate({
  id: 'appointment-booking',
  category: 'orders',
  words: { de, en },
  pages: (words) => [
    {
      id: 'page-1',
      fields: [
        { id: 'service', type: 'dropdown', label: words.service, choices: choicesOf(words.services), required: true },
        { id: 'date', type: 'date', label: words.date, help: words.dateHelp, required: true },
        {
          id: 'time',
          type: 'time',
          label: words.time,
          help: words.timeHelp,
          min: '09:00',
          max: '17:00',
          required: true,
        },
        { id: 'alternative-date', type: 'date', label: words.alternativeDate },
        { id: 'name', type: 'shortText', label: words.name, required: true },
        { id: 'email', type: 'email', label: words.email, required: true },
        { id: 'phone', type: 'phone', label: words.phone, required: true },
        { id: 'first-visit', type: 'yesNo', label: words.firstVisit },
        { id: 'concern', type: 'longText', label: words.concern, maxLength: 1000 },
        { id: 'reminder', type: 'consent', label: words.reminder, text: words.reminderText },
      ],
    },
  ],
});
