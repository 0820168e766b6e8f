import type { FormFieldInput, FormLanguage } from '@formwerk/contracts';

// What the offline assistant recognizes in a description, in German and English: fields by their
// usual words, choice lists written out ("Größe S/M/L", "Essen (Fleisch, Fisch oder vegetarisch)"),
// and the built-in templates by their subjects. Plain patterns, no model and nothing downloaded.

const letter = '[\\p{L}\\p{N}]';

/** Words starting with one of `stems`, to the word's end: "telefon" finds "Telefonnummer". */
const wordsStartingWith = (...stems: string[]) => `(?<!${letter})(?:${stems.join('|')})${letter}*`;
/** One of `words` and nothing longer. */
const wholeWords = (...words: string[]) => `(?<!${letter})(?:${words.join('|')})(?!${letter})`;
const pattern = (...parts: string[]) => new RegExp(parts.join('|'), 'giu');

type Words = Record<FormLanguage, string>;

export type LexiconEntry = {
  /** The field's id when it is new, and its name in follow-ups ("make the phone optional"). */
  key: string;
  pattern: RegExp;
  label: Words;
  /** The field, but for its id and label. */
  field: (language: FormLanguage) => Omit<FormFieldInput, 'id' | 'label'>;
  /** Takes the words written as its label when they are more than the keyword ("Anzahl der Gäste"). */
  isLabelFromText?: boolean;
};

const privacyText: Words = {
  de: 'Ich bin einverstanden, dass meine Angaben zur Bearbeitung gespeichert werden. Die Einwilligung kann ich jederzeit widerrufen.',
  en: 'I agree that my details are stored to handle this form. I can withdraw this consent at any time.',
};

/** In the order they claim words: a longer, more particular phrase before the word inside it. */
export const lexicon: readonly LexiconEntry[] = [
  {
    key: 'email',
    pattern: pattern(
      wordsStartingWith('e-?mail-?adresse', 'e-?mail address(?:es)?', 'mail-?adresse', 'e-?mail'),
      wholeWords('mail address'),
    ),
    label: { de: 'E-Mail-Adresse', en: 'Email address' },
    field: () => ({ type: 'email', required: true }),
  },
  {
    key: 'phone',
    pattern: pattern(
      wordsStartingWith('telefon', 'handynummer', 'handy-nummer', 'mobilnummer', 'mobiltelefon', 'rufnummer'),
      wholeWords('tel\\.?', '(?:tele|mobile |cell ?)?phone(?: numbers?)?', 'mobile(?: numbers?)?'),
    ),
    label: { de: 'Telefonnummer', en: 'Phone number' },
    field: () => ({ type: 'phone' }),
  },
  {
    key: 'birth-date',
    pattern: pattern(
      wordsStartingWith('geburtsdatum', 'geburtstag'),
      wholeWords('date of birth', 'birth ?date', 'birthday'),
    ),
    label: { de: 'Geburtsdatum', en: 'Date of birth' },
    field: () => ({ type: 'date' }),
  },
  {
    key: 'name',
    pattern: pattern(
      wholeWords(
        'vor- und nach(?:name)?',
        'vor- und zuname',
        'first and last names?',
        'full names?',
        'vollständige[rn]? name',
      ),
    ),
    label: { de: 'Name', en: 'Name' },
    field: () => ({ type: 'shortText', required: true }),
  },
  {
    key: 'first-name',
    pattern: pattern(wordsStartingWith('vorname'), wholeWords('first ?names?', 'given names?')),
    label: { de: 'Vorname', en: 'First name' },
    field: () => ({ type: 'shortText', required: true }),
  },
  {
    key: 'last-name',
    pattern: pattern(
      wordsStartingWith('nachname', 'familienname', 'zuname'),
      wholeWords('last ?names?', 'surnames?', 'family names?'),
    ),
    label: { de: 'Nachname', en: 'Last name' },
    field: () => ({ type: 'shortText', required: true }),
  },
  {
    key: 'company',
    pattern: pattern(
      wordsStartingWith('firma', 'firmen', 'unternehmen', 'arbeitgeber'),
      wholeWords('company(?: name)?', 'companies', 'organi[sz]ations?', 'employer'),
    ),
    label: { de: 'Firma oder Organisation', en: 'Company or organization' },
    field: () => ({ type: 'shortText' }),
  },
  {
    key: 'name',
    pattern: pattern(wholeWords('name', 'namen', 'names')),
    label: { de: 'Name', en: 'Name' },
    field: () => ({ type: 'shortText', required: true }),
  },
  {
    key: 'address',
    pattern: pattern(
      wordsStartingWith('\\p{L}*adresse', 'anschrift', 'postanschrift', 'wohnort', 'straße', 'strasse', 'postleitzahl'),
      wholeWords(
        'plz',
        '(?:postal |street |home |delivery |billing |mailing )?address(?:es)?',
        'street',
        'zip(?: code)?',
        'post ?code',
        'postal code',
      ),
    ),
    label: { de: 'Adresse', en: 'Address' },
    field: () => ({ type: 'longText' }),
  },
  {
    key: 'time',
    pattern: pattern(
      wordsStartingWith('uhrzeit', 'ankunftszeit', 'startzeit', 'wunschzeit'),
      wholeWords('time of day', '(?:preferred|start|arrival|pick-?up) time', 'time ?slots?'),
    ),
    label: { de: 'Uhrzeit', en: 'Time' },
    field: () => ({ type: 'time' }),
  },
  {
    key: 'date',
    pattern: pattern(
      wordsStartingWith('datum', 'wunschtermin', 'termin', 'wunschdatum'),
      wholeWords('dates?', '(?:preferred|appointment|event|start|end) dates?'),
    ),
    label: { de: 'Datum', en: 'Date' },
    field: () => ({ type: 'date' }),
  },
  {
    key: 'recommendation',
    pattern: pattern(
      wordsStartingWith('weiterempfehl', 'empfehl'),
      wholeWords('nps', 'net promoter(?: score)?', 'recommend(?:ation)?', 'likely to recommend'),
    ),
    label: {
      de: 'Wie wahrscheinlich ist es, dass Sie uns weiterempfehlen?',
      en: 'How likely are you to recommend us?',
    },
    field: () => ({ type: 'opinionScale', min: 0, max: 10 }),
  },
  {
    key: 'rating',
    pattern: pattern(
      wordsStartingWith('bewertung', 'sterne', 'zufriedenheit', 'bewerten', 'benotung'),
      wholeWords('ratings?', 'stars?', 'star rating', 'rate', 'satisfaction', 'scores?'),
    ),
    label: { de: 'Bewertung', en: 'Rating' },
    field: () => ({ type: 'rating', max: 5 }),
  },
  {
    key: 'terms',
    pattern: pattern(
      wholeWords(
        'agbs?',
        'allgemeinen? geschäftsbedingungen',
        'nutzungsbedingungen',
        'terms(?: and conditions| of (?:service|use))?',
        't&cs?',
      ),
    ),
    label: { de: 'AGB', en: 'Terms' },
    field: (language) => ({
      type: 'consent',
      required: true,
      text:
        language === 'de'
          ? 'Ich akzeptiere die Allgemeinen Geschäftsbedingungen.'
          : 'I accept the terms and conditions.',
    }),
  },
  {
    key: 'newsletter',
    pattern: pattern(wordsStartingWith('newsletter')),
    label: { de: 'Newsletter', en: 'Newsletter' },
    field: (language) => ({
      type: 'consent',
      text: language === 'de' ? 'Ich möchte den Newsletter erhalten.' : 'I would like to receive the newsletter.',
    }),
  },
  {
    key: 'consent',
    pattern: pattern(
      wordsStartingWith('einwilligung', 'datenschutz', 'zustimmung', 'einverständnis', 'dsgvo', 'consent', 'privacy'),
      wholeWords('gdpr', 'opt-?in'),
    ),
    label: { de: 'Datenschutz', en: 'Privacy' },
    field: (language) => ({ type: 'consent', required: true, text: privacyText[language] }),
  },
  {
    key: 'cv',
    pattern: pattern(wholeWords('lebenslauf', 'lebensläufe', 'cv', 'resumes?', 'résumés?', 'curriculum vitae')),
    label: { de: 'Lebenslauf', en: 'CV' },
    field: () => ({ type: 'fileUpload', accept: ['application/pdf'], maxSizeMb: 10, maxFiles: 1 }),
  },
  {
    key: 'photo',
    pattern: pattern(wordsStartingWith('foto', 'photo'), wholeWords('bild', 'bilder', 'images?', 'pictures?')),
    label: { de: 'Foto', en: 'Photo' },
    field: () => ({ type: 'fileUpload', accept: ['image/*'], maxSizeMb: 10, maxFiles: 1 }),
  },
  {
    key: 'file',
    pattern: pattern(
      wordsStartingWith(
        'datei',
        'hochlad',
        'anhang',
        'anhänge',
        'upload',
        'attachment',
        'dokument',
        'document',
        'nachweis',
        'beleg',
      ),
      wholeWords('files?(?: uploads?)?'),
    ),
    label: { de: 'Datei', en: 'File' },
    field: () => ({ type: 'fileUpload', accept: [], maxSizeMb: 10, maxFiles: 1 }),
  },
  {
    key: 'signature',
    pattern: pattern(
      wordsStartingWith('unterschrift', 'unterschreib', 'signatur'),
      wholeWords('signatures?', 'sign here'),
    ),
    label: { de: 'Unterschrift', en: 'Signature' },
    field: () => ({ type: 'signature', required: true }),
  },
  {
    key: 'age',
    pattern: pattern(wholeWords('alter', 'age')),
    label: { de: 'Alter', en: 'Age' },
    field: () => ({ type: 'number', min: 0, max: 130, decimals: 0 }),
  },
  {
    key: 'amount',
    pattern: pattern(wordsStartingWith('betrag', 'preis', 'summe'), wholeWords('amount', 'price', 'total', 'costs?')),
    label: { de: 'Betrag', en: 'Amount' },
    field: () => ({ type: 'number', min: 0, decimals: 2 }),
  },
  {
    key: 'quantity',
    pattern: pattern(
      wholeWords(
        'anzahl(?: (?:der |an |von )?(?!und|oder)\\p{L}+)?',
        'number of (?!and|or)\\p{L}+',
        'how many(?: (?!and|or)\\p{L}+)?',
        'wie viele(?: (?!und|oder)\\p{L}+)?',
        'menge',
        'stückzahl',
        'quantity',
        'personenzahl',
        'teilnehmerzahl',
      ),
    ),
    label: { de: 'Anzahl', en: 'Quantity' },
    field: () => ({ type: 'number', min: 0, decimals: 0 }),
    isLabelFromText: true,
  },
  {
    key: 'website',
    pattern: pattern(wholeWords('website', 'webseite', 'homepage', 'url', 'internetseite', 'linkedin(?: profile?)?')),
    label: { de: 'Website', en: 'Website' },
    field: () => ({ type: 'shortText' }),
  },
  {
    key: 'comments',
    pattern: pattern(
      wordsStartingWith('kommentar', 'anmerkung', 'bemerkung'),
      wholeWords('comments?', 'remarks?', 'notes?'),
    ),
    label: { de: 'Anmerkungen', en: 'Comments' },
    field: () => ({ type: 'longText' }),
  },
  {
    key: 'message',
    pattern: pattern(
      wordsStartingWith('nachricht', 'mitteilung', 'freitext', 'anliegen', 'beschreibung'),
      wholeWords('messages?', 'description', 'free text', 'details', 'your question'),
    ),
    label: { de: 'Ihre Nachricht', en: 'Your message' },
    field: () => ({ type: 'longText' }),
  },
];

/** The templates' subjects: a description naming one is matched to that built-in template. */
export const templateSubjects: readonly { templateId: string; pattern: RegExp }[] = [
  {
    templateId: 'contact',
    pattern: pattern(
      wordsStartingWith('kontakt', 'contact', 'anfrage', 'enquir', 'inquir'),
      wholeWords('get in touch'),
    ),
  },
  {
    templateId: 'event-registration',
    pattern: pattern(
      wordsStartingWith(
        'veranstaltung',
        'konferenz',
        'conference',
        'workshop',
        'seminar',
        'tagung',
        'sommerfest',
        'feier',
      ),
      wholeWords(
        'events?',
        'party',
        'parties',
        'fest',
        'registration',
        'register',
        'teilnahme',
        'attend(?:ance|ees?)?',
      ),
    ),
  },
  {
    templateId: 'job-application',
    pattern: pattern(
      wordsStartingWith('bewerb', 'karriere', 'career', 'applicant', 'recruit', 'stellenangebot'),
      wholeWords('jobs?', 'job application', 'stelle'),
    ),
  },
  {
    templateId: 'customer-feedback',
    pattern: pattern(
      wordsStartingWith('feedback', 'kundenzufriedenheit', 'kundenumfrage', 'rückmeldung'),
      wholeWords('customer satisfaction', 'customer survey', 'reviews?'),
    ),
  },
  {
    templateId: 'product-order',
    pattern: pattern(
      wordsStartingWith('bestell', 'warenkorb', 'purchase'),
      wholeWords('orders?', 'order form', 'shop'),
    ),
  },
  {
    templateId: 'appointment-booking',
    pattern: pattern(
      wordsStartingWith(
        'terminbuchung',
        'terminvereinbarung',
        'appointment',
        'booking',
        'buchung',
        'reservier',
        'reservation',
        'sprechstunde',
      ),
    ),
  },
  {
    templateId: 'newsletter-signup',
    pattern: pattern(wordsStartingWith('newsletter', 'abonn', 'subscri', 'mailingliste'), wholeWords('mailing list')),
  },
  {
    templateId: 'vacation-request',
    pattern: pattern(
      wordsStartingWith('urlaub', 'vacation', 'abwesenheit'),
      wholeWords('holidays?', 'leave request', 'time off', 'annual leave'),
    ),
  },
  {
    templateId: 'expense-claim',
    pattern: pattern(
      wordsStartingWith('spesen', 'expense', 'reisekosten', 'erstattung', 'reimburs', 'auslagen'),
      wholeWords('travel costs?'),
    ),
  },
  {
    templateId: 'course-evaluation',
    pattern: pattern(
      wordsStartingWith('kurs', 'course', 'schulung', 'lehrveranstaltung', 'evaluation', 'evaluierung', 'unterricht'),
      wholeWords('training', 'class(?:es)?', 'lecture'),
    ),
  },
  {
    templateId: 'it-support-request',
    pattern: pattern(
      wordsStartingWith('it-support', 'helpdesk', 'störung', 'incident'),
      wholeWords('it support', 'support', 'tickets?', 'help desk', 'it problems?'),
    ),
  },
  {
    templateId: 'volunteer-signup',
    pattern: pattern(wordsStartingWith('helfer', 'ehrenamt', 'volunteer', 'freiwillig', 'mithelf', 'mitarbeit bei')),
  },
];

/** Words around a keyword that say nothing about the field: dropped from labels taken from the text. */
export const fillerWords = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'with',
  'for',
  'of',
  'plus',
  'field',
  'question',
  'choice',
  'ein',
  'eine',
  'einen',
  'einem',
  'der',
  'die',
  'das',
  'den',
  'dem',
  'und',
  'oder',
  'mit',
  'für',
  'sowie',
  'feld',
  'frage',
  'auswahl',
  'ja',
  'nein',
  'yes',
  'no',
]);

const optionText = `${letter}[\\p{L}\\p{N}+.-]*`;
const labelWords = `((?:\\p{L}[\\p{L}\\p{N}-]*\\s+){0,2}?\\p{L}[\\p{L}\\p{N}-]*)`;

/** "Größe S/M/L", "T-shirt size: S/M/L/XL", "vegetarisch ja/nein". */
export const slashListPattern = new RegExp(
  `(?<!${letter})${labelWords}\\s*[:(]?\\s*(${optionText}(?:\\s*/\\s*${optionText})+)\\)?`,
  'giu',
);
/** "Essen (Fleisch, Fisch oder vegetarisch)", "Workshop (A, B, C)". */
export const parenthesisListPattern = new RegExp(
  `(?<!${letter})${labelWords}\\s*\\(([^()]{1,300}?(?:,|\\s(?:oder|or)\\s)[^()]{1,300}?)\\)`,
  'giu',
);
export const optionSeparator = /\s*\/\s*|\s*,\s*|\s+(?:oder|or|und|and)\s+/iu;
export const yesNoOptions = new Set(['ja|nein', 'yes|no', 'nein|ja', 'no|yes']);
