import type { FormDefinitionInput, FormSigningSettingsInput } from '@formwerk/contracts';
import { expect } from 'vitest';
import type { TestAgent } from '../../../test/test-agent';

// What the tests of a form's documents to sign share: a contract template whose customer signs first
// (three of their fields prefilled from the form) and whose company signs second, with a CC.

const box = (id: string, roleId: string, kind: string, y: number, prefillKey?: string) => ({
  id,
  page: 0,
  x: 0.1,
  y,
  width: 0.5,
  height: 0.05,
  kind,
  roleId,
  required: kind === 'signature',
  ...(prefillKey ? { prefillKey } : {}),
});

export const contractRoles = [
  { id: 'kunde', name: 'Kunde', kind: 'signer', order: 1 },
  { id: 'kopie', name: 'Kopie', kind: 'cc', order: 1 },
  { id: 'firma', name: 'Firma', kind: 'signer', order: 2 },
];

export const contractFields = [
  box('kunde-name', 'kunde', 'name', 0.1, 'customer_name'),
  box('kunde-start', 'kunde', 'date', 0.2, 'start_date'),
  box('kunde-news', 'kunde', 'checkbox', 0.3, 'newsletter'),
  box('kunde-signature', 'kunde', 'signature', 0.4),
  box('firma-company', 'firma', 'text', 0.6, 'company'),
  box('firma-signature', 'firma', 'signature', 0.7),
];

export const contractForm: FormDefinitionInput = {
  title: 'Vertragsanfrage',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name' },
        { id: 'email', type: 'email', label: 'E-Mail' },
        { id: 'start', type: 'date', label: 'Beginn' },
        { id: 'news', type: 'yesNo', label: 'Newsletter' },
        { id: 'company', type: 'shortText', label: 'Firma' },
        { id: 'sig', type: 'signature', label: 'Unterschrift' },
      ],
    },
  ],
};

/** A template of the library document `documentId` with the contract's roles and fields; answers its id. */
export async function createContractTemplate(agent: TestAgent, documentId: string): Promise<string> {
  const made = await agent.post('/api/v1/document-templates').send({ documentId, name: 'Vertrag' }).expect(201);
  const saved = await agent
    .put(`/api/v1/document-templates/${made.body.id}`)
    .send({ revision: made.body.revision, name: 'Vertrag', roles: contractRoles, fields: contractFields });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return made.body.id;
}

export const contractSettings = (templateId: string): FormSigningSettingsInput => ({
  isEnabled: true,
  templateId,
  respondentRoleId: 'kunde',
  nameFieldId: 'name',
  emailFieldId: 'email',
  prefill: { customer_name: 'name', start_date: 'start', newsletter: 'news', company: 'company' },
  recipients: [
    { roleId: 'firma', name: 'Frieda Firma', email: 'frieda@firma.example' },
    { roleId: 'kopie', name: 'Karl Kopie', email: 'karl@firma.example' },
  ],
  message: 'Bitte unterschreiben Sie den Vertrag.',
  expiryDays: 14,
  reminderEveryDays: null,
});
