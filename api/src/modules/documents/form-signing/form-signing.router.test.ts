import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../platform/app';
import { createLogger } from '../../../platform/logger';
import { useTestDatabase } from '../../../test/test-database';
import { createPublishedForm, type Person, signUp } from '../../form-notifications/notifications-test-helpers';
import {
  contractFields,
  contractForm,
  contractRoles,
  contractSettings,
  createContractTemplate,
} from './form-signing-test-helpers';

// Issue 16: a form's settings of the document its submissions fill and send, checked against the
// template's roles and prefill keys and the form's fields.

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

let owner: Person;
let stranger: Person;
let formId: string;
let templateId: string;

async function uploadPdf(person: Person): Promise<string> {
  const { PDF } = await import('@libpdf/core');
  const pdf = PDF.create();
  pdf.addPage({ size: 'a4' });
  const response = await person.agent
    .post('/api/v1/documents')
    .set('Content-Type', 'application/pdf')
    .set('X-File-Name', encodeURIComponent('Vertrag.pdf'))
    .send(Buffer.from(await pdf.save()))
    .expect(201);
  return response.body.id;
}

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com');
  stranger = await signUp(app, 'Sam Stranger', 'sam@example.com');
  formId = await createPublishedForm(owner.agent, contractForm);
  templateId = await createContractTemplate(owner.agent, await uploadPdf(owner));
});

const path = () => `/api/v1/forms/${formId}/signing`;
const issuesOf = (body: { error: { code: string; details?: { issues: { path: unknown[]; code: string }[] } } }) =>
  body.error.details?.issues.map(({ path: at, code }) => [at.join('.'), code]);

describe('the settings of a form', () => {
  it('are none until saved, then read back as saved, with the sender', async () => {
    const empty = await owner.agent.get(path()).expect(200);
    expect(empty.body).toEqual({ settings: null, hasWorkflow: false, updatedAt: null, updatedBy: null });

    const saved = await owner.agent.put(path()).send(contractSettings(templateId));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await owner.agent.get(path()).expect(200);
    expect(read.body.settings).toEqual(contractSettings(templateId));
    expect(read.body.updatedBy).toEqual({ id: owner.userId, name: 'Olga Owner' });
  });

  it('when the respondent role, fields, keys and people do not fit, names every problem by its path', async () => {
    const response = await owner.agent.put(path()).send({
      ...contractSettings(templateId),
      respondentRoleId: 'kopie',
      nameFieldId: 'nope',
      emailFieldId: 'name',
      prefill: { customer_name: 'sig', unknown_key: 'name', start_date: 'name', company: 'missing' },
      recipients: [{ roleId: 'ghost', name: 'Gustav', email: 'gustav@example.com' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(issuesOf(response.body)).toEqual([
      ['respondentRoleId', 'notSigner'],
      ['nameFieldId', 'unknown'],
      ['emailFieldId', 'wrongType'],
      ['prefill.customer_name', 'wrongType'],
      ['prefill.unknown_key', 'unknown'],
      ['prefill.start_date', 'wrongType'],
      ['prefill.company', 'unknownField'],
      ['recipients.0.roleId', 'unknown'],
      // The customer's and the company's role: nobody takes them now.
      ['recipients', 'missing'],
      ['recipients', 'missing'],
    ]);
  });

  it('when every field of the respondent is prefilled, refuses: they would sign nothing', async () => {
    const fields = contractFields.filter((field) => field.id !== 'kunde-signature');
    const made = await owner.agent
      .post('/api/v1/document-templates')
      .send({ documentId: await uploadPdf(owner), name: 'Ohne Unterschrift' })
      .expect(201);
    await owner.agent
      .put(`/api/v1/document-templates/${made.body.id}`)
      .send({ revision: made.body.revision, name: 'Ohne Unterschrift', roles: contractRoles, fields })
      .expect(200);
    const response = await owner.agent.put(path()).send(contractSettings(made.body.id)).expect(400);
    expect(issuesOf(response.body)).toEqual([['respondentRoleId', 'noFields']]);
  });

  it('when a fixed person takes the respondent role or a role twice, the contract refuses', async () => {
    const settings = contractSettings(templateId);
    const response = await owner.agent
      .put(path())
      .send({
        ...settings,
        recipients: [...(settings.recipients ?? []), { roleId: 'kunde', name: 'K', email: 'k@x.de' }],
      })
      .expect(400);
    expect(issuesOf(response.body)).toEqual([['recipients.2.roleId', 'custom']]);
  });

  it('when the template is not the team’s, says so at templateId', async () => {
    const response = await owner.agent.put(path()).send(contractSettings('5f0000000000000000000000')).expect(400);
    expect(issuesOf(response.body)).toEqual([['templateId', 'unknown']]);
  });

  it('of another team’s form answer 404 to read, save and remove', async () => {
    await stranger.agent.get(path()).expect(404);
    await stranger.agent.put(path()).send(contractSettings(templateId)).expect(404);
    await stranger.agent.delete(path()).expect(404);
    expect((await owner.agent.get(path()).expect(200)).body.settings).not.toBeNull();
  });

  it('are removed by DELETE', async () => {
    await owner.agent.delete(path()).expect(204);
    expect((await owner.agent.get(path()).expect(200)).body.settings).toBeNull();
  });
});
