import {
  type FormDefinitionInput,
  type FormSettingsResponse,
  formDefinitionSchema,
  formSettingRequestSchemas,
  mailchimpSettingsSchema,
} from '@formwerk/contracts';

export const formId = 'f'.repeat(24);

export const definition = formDefinitionSchema.parse({
  title: 'Anmeldung',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'member', type: 'yesNo', label: 'Mitglied?' },
        { id: 'number', type: 'shortText', label: 'Mitgliedsnummer' },
      ],
    },
    { id: 'p2', title: 'Essen', fields: [{ id: 'diet', type: 'shortText', label: 'Essenswunsch' }] },
  ],
} satisfies FormDefinitionInput);

export const form = {
  id: formId,
  status: 'published',
  isArchived: false,
  version: 4,
  definition,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  publishedAt: '2026-11-01T10:00:00.000Z',
  publishedVersion: 4,
};

/** Every tab with its defaults, as GET /forms/{id}/settings answers for a form never configured. */
export function defaultSettings(version = 4): FormSettingsResponse {
  const tabs = formSettingRequestSchemas;
  return {
    formId,
    version,
    settings: {
      form: tabs.form.parse({ title: definition.title }),
      quiz: tabs.quiz.parse({}),
      email: tabs.email.parse({}),
      error: tabs.error.parse({}),
      thankyou: tabs.thankyou.parse({}),
      condition: tabs.condition.parse({}),
      mailchimp: { ...mailchimpSettingsSchema.parse({}), apiKeyHint: null },
      reference: tabs.reference.parse({}),
      javascript: tabs.javascript.parse({}),
      scheduling: tabs.scheduling.parse({}),
    },
  };
}
