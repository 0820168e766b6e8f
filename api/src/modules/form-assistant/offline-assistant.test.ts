import { type FormDefinition, type FormDefinitionInput, formDefinitionSchema } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { proposeOffline, recognizeFields } from './offline-assistant';

type Field = FormDefinitionInput['pages'][number]['fields'][number];
const fieldsOf = (draft: FormDefinitionInput) => draft.pages.flatMap((page) => page.fields);
const summary = (draft: FormDefinitionInput) =>
  fieldsOf(draft).map((field: Field) => `${field.type}:${field.label}${field.required ? '*' : ''}`);
const recognized = (text: string, language: 'de' | 'en' = 'de') =>
  recognizeFields(text, language).map(({ field }) => `${field.type}:${field.label}`);
const propose = (description: string, language: 'de' | 'en', currentDefinition?: FormDefinition, turns = 0) =>
  proposeOffline({ description, language, currentDefinition, history: Array.from({ length: turns }) });

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'no error';
};

describe('recognizeFields', () => {
  it('finds the usual fields in German in the order written, each once, compounds included', () => {
    expect(
      recognized('Vorname, Nachname, E-Mail-Adresse, Handynummer, Geburtsdatum, Lieferadresse und nochmal die E-Mail'),
    ).toEqual([
      'shortText:Vorname',
      'shortText:Nachname',
      'email:E-Mail-Adresse',
      'phone:Telefonnummer',
      'date:Geburtsdatum',
      'longText:Adresse',
    ]);
  });

  it('finds them in English, and a field of the wording the author chose where it names a count', () => {
    expect(
      recognized('name, email address, phone number, number of guests, a star rating, file upload, consent', 'en'),
    ).toEqual([
      'shortText:Name',
      'email:Email address',
      'phone:Phone number',
      'number:Number of guests',
      'rating:Rating',
      'fileUpload:File',
      'consent:Privacy',
    ]);
  });

  it('reads choice lists: a size S/M/L, yes/no questions and options in parentheses', () => {
    const fields = recognizeFields(
      'T-Shirt-Größe S/M/L/XL, vegetarisch ja/nein und Essen (Fleisch, Fisch oder vegan)',
      'de',
    );
    expect(fields.map(({ field }) => field)).toEqual([
      {
        id: 't-shirt-groesse',
        type: 'singleChoice',
        label: 'T-Shirt-Größe',
        choices: [
          { id: 's', label: 'S' },
          { id: 'm', label: 'M' },
          { id: 'l', label: 'L' },
          { id: 'xl', label: 'XL' },
        ],
      },
      { id: 'vegetarisch', type: 'yesNo', label: 'Vegetarisch?' },
      {
        id: 'essen',
        type: 'singleChoice',
        label: 'Essen',
        choices: [
          { id: 'fleisch', label: 'Fleisch' },
          { id: 'fisch', label: 'Fisch' },
          { id: 'vegan', label: 'vegan' },
        ],
      },
    ]);
  });

  it('leaves a list of fields for the lexicon, and a date as it is', () => {
    expect(recognized('Kontakt (Name, E-Mail, Telefon) bis 12/05/2026')).toEqual([
      'shortText:Name',
      'email:E-Mail-Adresse',
      'phone:Telefonnummer',
    ]);
    expect(recognized('email and size S/M/L', 'en')).toEqual(['email:Email address', 'singleChoice:Size']);
  });

  it('does not take words inside other words: "handy" as an adjective, "Bildung", "update"', () => {
    expect(recognized('a handy way to update our education records (Bildung)', 'en')).toEqual([]);
  });
});

describe('proposeOffline, a new draft', () => {
  it('maps a German description to the closest template and adds the fields it does not have', () => {
    const { draft, explanation } = propose(
      'Kontaktformular mit Name, E-Mail, Telefon und Lieblingsfarbe rot/grün/blau',
      'de',
    );
    expect(draft.title).toBe('Kontaktformular');
    expect(summary(draft)).toEqual([
      'shortText:Name*',
      'email:E-Mail-Adresse*',
      'dropdown:Worum geht es?*',
      'longText:Ihre Nachricht*',
      'yesNo:Möchten Sie zurückgerufen werden?',
      'phone:Telefonnummer*',
      'singleChoice:Lieblingsfarbe',
      'consent:Datenschutz*',
    ]);
    expect(explanation).toBe(
      'Ohne KI-Modell: Vorschlag aus erkannten Feldern und Vorlagen. Vorlage „Kontaktformular“. Erkannt: Lieblingsfarbe.',
    );
    expect(formDefinitionSchema.safeParse(draft).success).toBe(true);
  });

  it('maps an English description without a template to the fields it names, under a plain title', () => {
    const { draft, explanation } = propose(
      'Name, email, date of birth, T-shirt size S/M/L, dietary needs (none, vegetarian, vegan) and a signature',
      'en',
    );
    expect(draft.title).toBe('New form');
    expect(draft.language).toBe('en');
    expect(summary(draft)).toEqual([
      'shortText:Name*',
      'email:Email address*',
      'date:Date of birth',
      'singleChoice:T-shirt size',
      'singleChoice:Dietary needs',
      'signature:Signature*',
    ]);
    expect(explanation).toMatch(
      /^Without an AI model: a draft from recognized fields and templates\. Recognized: Name, /,
    );
  });

  it('takes the template of an event for a summer party, in English, with the guests and a size', () => {
    const { draft } = propose('Registration for our summer party with number of guests and T-shirt size S/M/L', 'en');
    expect(draft.title).toBe('Event registration');
    const labels = fieldsOf(draft).map((field) => field.label);
    expect(labels).toContain('Number of guests');
    expect(labels).toContain('T-shirt size');
    expect(labels.at(-1)).toBe('Privacy');
  });

  it('keeps the title of the form it starts from when no template fits', () => {
    const empty = formDefinitionSchema.parse({ title: 'Sommerfest 2026', pages: [{ id: 'p_1', fields: [] }] });
    const { draft } = propose('Name und Anzahl der Gäste', 'de', empty);
    expect(draft.title).toBe('Sommerfest 2026');
    expect(draft.pages[0]?.id).toBe('p_1');
    expect(summary(draft)).toEqual(['shortText:Name*', 'number:Anzahl der Gäste']);
  });

  it('says so when it recognizes nothing, in either language', () => {
    expect(codeOf(() => propose('Etwas Schönes für unsere Kundschaft', 'de'))).toBe('ASSISTANT_NOTHING_RECOGNIZED');
    expect(codeOf(() => propose('Something lovely', 'en'))).toBe('ASSISTANT_NOTHING_RECOGNIZED');
  });
});

describe('proposeOffline, follow-ups on a form', () => {
  const contact = formDefinitionSchema.parse({
    title: 'Kontakt',
    language: 'en',
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name', required: true },
          { id: 'email', type: 'email', label: 'Email address', required: true },
          { id: 'phone', type: 'phone', label: 'Phone number', required: true },
          { id: 'address', type: 'longText', label: 'Postal address' },
          { id: 'pets', type: 'yesNo', label: 'Do you have pets?' },
          { id: 'privacy', type: 'consent', label: 'Privacy', text: 'I agree.', required: true },
        ],
      },
    ],
  });

  it('makes the phone optional, adds a consent checkbox before nothing, removes the address', () => {
    const optional = propose('make the phone optional', 'en', contact);
    expect(summary(optional.draft)).toContain('phone:Phone number');
    expect(optional.explanation).toBe(
      'Without an AI model: a draft from recognized fields and templates. “Phone number” is optional now.',
    );
    const removed = propose('remove the address', 'en', contact);
    expect(fieldsOf(removed.draft).map((field) => field.id)).toEqual(['name', 'email', 'phone', 'pets', 'privacy']);
    const added = propose('add a file upload and a consent checkbox', 'en', contact);
    expect(summary(added.draft).slice(-3)).toEqual(['fileUpload:File', 'consent:Privacy*', 'consent:Privacy*']);
  });

  it('understands German follow-ups, several in one sentence, and names what it did not understand', () => {
    const kontakt = formDefinitionSchema.parse({
      title: 'Kontakt',
      pages: [
        {
          id: 'p1',
          fields: [
            { id: 'name', type: 'shortText', label: 'Name', required: true },
            { id: 'email', type: 'email', label: 'E-Mail-Adresse', required: true },
            { id: 'phone', type: 'phone', label: 'Telefonnummer', required: true },
            { id: 'address', type: 'longText', label: 'Postanschrift' },
            { id: 'pets', type: 'yesNo', label: 'Haben Sie Haustiere?' },
            { id: 'privacy', type: 'consent', label: 'Datenschutz', text: 'Ich bin einverstanden.', required: true },
          ],
        },
      ],
    });
    const { draft, explanation } = propose(
      'Telefon und E-Mail optional, Adresse entfernen, die Frage nach Haustieren weg und Farbe rot/blau hinzufügen. Quatsch machen.',
      'de',
      kontakt,
    );
    expect(summary(draft)).toEqual([
      'shortText:Name*',
      'email:E-Mail-Adresse',
      'phone:Telefonnummer',
      'singleChoice:Farbe',
      'consent:Datenschutz*',
    ]);
    expect(explanation).toBe(
      'Ohne KI-Modell: Vorschlag aus erkannten Feldern und Vorlagen. „Telefonnummer“ ist jetzt optional. ' +
        '„E-Mail-Adresse“ ist jetzt optional. „Postanschrift“ entfernt. „Haben Sie Haustiere?“ entfernt. ' +
        '„Farbe“ hinzugefügt. Nicht verstanden: „Quatsch machen“.',
    );
  });

  it('renames a field and sets the title, as written', () => {
    const { draft } = propose('rename the phone to "Mobile number". Title: "Get in touch"', 'en', contact);
    expect(draft.title).toBe('Get in touch');
    expect(fieldsOf(draft).find((field) => field.id === 'phone')?.label).toBe('Mobile number');
  });

  it('in a conversation, takes a follow-up that only names fields as fields to add', () => {
    const { draft } = propose('also the date of birth', 'en', contact, 2);
    expect(summary(draft)).toContain('date:Date of birth');
    expect(fieldsOf(draft).at(-1)?.type).toBe('consent');
  });
});
