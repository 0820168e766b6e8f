import { startMailCatcher } from '@formwerk/build-config/mail-catcher';
import type { TaskSummary } from '@formwerk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker } from '../../../platform/jobs';
import { createLogger } from '../../../platform/logger';
import { submit, waitUntil } from '../../form-notifications/notifications-test-helpers';
import { findSubmissionById } from '../../submissions/submissions.service';
import { createWorkflowJobs } from '../../workflows/workflow-jobs';
import { approvalStep, endNodes, graphOf, publishWorkflow } from '../../workflows/workflow-test-helpers';
import { extractText, useScratchDirectory } from '../sealing/sealing-test-helpers';
import { SigningRequestModel, type StoredSigningRequest } from '../signing/signing-request.model';
import { errorOf, type Member, png, useSigningTestKit } from '../signing/signing-test-helpers';
import { fieldsOfRole, prefilledOf } from '../signing/signing-values';
import { FormSigningStartModel } from './form-signing.model';
import { startFormSigning, startFormSigningJob } from './form-signing-jobs';
import { queueFormSigningStart } from './form-signing-queue';
import { startFormSigningOnSubmit } from './form-signing-start';
import { contractForm, contractSettings, createContractTemplate } from './form-signing-test-helpers';

// Issue 16: a submission fills the template's fields from its answers and sends it, the respondent
// signing as the form's last step: right after submitting, or once the form's workflow approved it.

const { app, mailbox, signUp, party, uploadPdf, receive, act, verify, waitForStatus } = useSigningTestKit();
const scratch = useScratchDirectory();

// The workflow's own jobs (their mails to a catcher of their own) and the start of a document to sign.
let worker: { stop: () => Promise<void> } | undefined;
let workflowMails: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
beforeAll(async () => {
  const logger = createLogger({ level: 'silent' });
  workflowMails = await startMailCatcher();
  const settings = { smtpUrl: workflowMails.url, from: 'Formwerk <no-reply@forms.test>', directory: '', publicUrl: '' };
  worker = await startJobWorker({
    definitions: [...createWorkflowJobs(settings, logger), startFormSigningJob],
    logger,
    processEveryMs: 100,
  });
});
afterAll(async () => {
  await worker?.stop();
  await workflowMails?.stop();
});

let owner: Member;
let templateId: string;

beforeAll(async () => {
  owner = await signUp('Olga Owner');
  templateId = await createContractTemplate(owner.agent, await uploadPdf(owner, 1));
});

/** A published form sending the contract with the test's settings; answers its id. */
async function contractFormOf(): Promise<string> {
  const created = await owner.agent.post('/api/v1/forms').send({ title: contractForm.title }).expect(201);
  const formId: string = created.body.id;
  await owner.agent.put(`/api/v1/forms/${formId}`).send({ version: 1, definition: contractForm }).expect(200);
  await owner.agent.post(`/api/v1/forms/${formId}/publish`).expect(200);
  const saved = await owner.agent.put(`/api/v1/forms/${formId}/signing`).send(contractSettings(templateId));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return formId;
}

/**
 * Submits as the public form does: the answer carries the respondent's signing page when the document
 * goes out at once (no workflow). Answers the stored submission too.
 */
async function submitAndStart(formId: string, answers: object) {
  const { submissionId, signingPath } = (await submit(app, formId, answers)) as {
    submissionId: string;
    signingPath?: string;
  };
  const submission = await findSubmissionById(submissionId);
  if (!submission) throw new Error('The submission was not stored');
  return { submissionId, submission, signingPath };
}

const requestsOf = (submissionId: string) =>
  SigningRequestModel.find({ 'origin.submissionId': submissionId }).lean<StoredSigningRequest[]>();

const erika = {
  name: 'Erika Mustermann',
  email: 'erika@example.com',
  start: '2026-12-01',
  news: true,
  company: 'Muster GmbH',
};

describe('a form without workflow', () => {
  let formId: string;
  beforeAll(async () => {
    formId = await contractFormOf();
  });

  it('sends the template filled from the answers to the respondent and the fixed people, once', async () => {
    const { submissionId, submission, signingPath } = await submitAndStart(formId, erika);
    expect(signingPath).toMatch(/^\/form\/signed\?token=[A-Za-z0-9_-]{43}$/);
    const [stored, ...more] = await requestsOf(submissionId);
    expect(more).toEqual([]);
    expect(stored?.origin).toEqual({ kind: 'submission', formId, submissionId });
    expect(stored?.prefilled).toEqual({
      'kunde-name': 'Erika Mustermann',
      'kunde-start': '2026-12-01',
      'kunde-news': true,
      'firma-company': 'Muster GmbH',
    });
    expect(stored?.language).toBe('de');
    expect(stored?.senderId.toString()).toBe(owner.userId);
    expect(stored?.message).toBe('Bitte unterschreiben Sie den Vertrag.');
    expect(stored?.recipients.map(({ roleId, name, email, status }) => [roleId, name, email, status])).toEqual([
      ['kunde', 'Erika Mustermann', 'erika@example.com', 'open'],
      ['firma', 'Frieda Firma', 'frieda@firma.example', 'waiting'],
      ['kopie', 'Karl Kopie', 'karl@firma.example', 'copied'],
    ]);
    // The trail names the values fixed before sending by their hash.
    const detail = await owner.agent.get(`/api/v1/signing-requests/${stored?._id.toString()}`).expect(200);
    const sent = detail.body.events.find((event: { type: string }) => event.type === 'sent');
    expect(sent.data.prefilledFieldIds).toEqual(['kunde-name', 'kunde-start', 'kunde-news', 'firma-company']);
    expect(sent.data.prefilledSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.body.chain.isValid).toBe(true);
    // The respondent is mailed their link too, the same as the page shows them.
    const mail = await mailbox.waitForMail('erika@example.com', /^Bitte unterschreiben: Vertrag$/);
    expect(mail.text).toContain(signingPath);

    // The submission's page finds its request, and nobody of another team does.
    const shown = await owner.agent.get(`/api/v1/submissions/${submissionId}/signing`).expect(200);
    expect(shown.body).toEqual({
      status: 'started',
      request: { id: stored?._id.toString(), status: 'sent' },
      failure: null,
    });
    const stranger = await signUp('Stella Stranger');
    await stranger.agent.get(`/api/v1/submissions/${submissionId}/signing`).expect(404);

    // Tried again (a retry of the submit, the job): the same request and page, nothing sent twice.
    expect(await startFormSigningOnSubmit({ workflowId: null }, submission)).toBe(signingPath);
    expect(await requestsOf(submissionId)).toHaveLength(1);
    expect(await FormSigningStartModel.findById(submissionId).lean()).toMatchObject({ status: 'started' });
  });

  it('when two tries start the same submission at once, one request is stored and both show its page', async () => {
    // Submitted while sending was off, so that nothing started it yet.
    const settings = contractSettings(templateId);
    await owner.agent
      .put(`/api/v1/forms/${formId}/signing`)
      .send({ ...settings, isEnabled: false })
      .expect(200);
    const { submissionId } = await submit(app, formId, { ...erika, email: 'zwilling@example.com' });
    await owner.agent.put(`/api/v1/forms/${formId}/signing`).send(settings).expect(200);
    expect(await requestsOf(submissionId)).toEqual([]);
    const submission = await findSubmissionById(submissionId);
    if (!submission) throw new Error('The submission was not stored');
    const paths = await Promise.all([
      startFormSigningOnSubmit({ workflowId: null }, submission),
      startFormSigningOnSubmit({ workflowId: null }, submission),
    ]);
    expect(paths[0]).toMatch(/^\/form\/signed\?token=/);
    expect(paths[1]).toBe(paths[0]);
    expect(await requestsOf(submissionId)).toHaveLength(1);
  });

  it('when the respondent gave no address, records that and sends nothing', async () => {
    const { submissionId, signingPath } = await submitAndStart(formId, { ...erika, email: '' });
    expect(signingPath).toBeUndefined();
    expect(await FormSigningStartModel.findById(submissionId).lean()).toMatchObject({ status: 'missingEmail' });
    expect(await requestsOf(submissionId)).toEqual([]);
    // The submission's page says so.
    const shown = await owner.agent.get(`/api/v1/submissions/${submissionId}/signing`).expect(200);
    expect(shown.body).toEqual({ status: 'missingEmail', request: null, failure: null });
  });

  it('when the answers leave a prefilled field empty, it is the recipient’s to fill', async () => {
    const { submissionId } = await submitAndStart(formId, { ...erika, company: '', news: false });
    const [stored] = await requestsOf(submissionId);
    if (!stored) throw new Error('Nothing was sent');
    expect(stored.prefilled).toEqual({
      'kunde-name': 'Erika Mustermann',
      'kunde-start': '2026-12-01',
      'kunde-news': false,
    });
    expect(fieldsOfRole(stored, 'firma').map((field) => field.id)).toEqual(['firma-company', 'firma-signature']);
  });

  it('the respondent fills only their own fields, and the sealed copy shows the prefilled values', async () => {
    const { submissionId, signingPath } = await submitAndStart(formId, {
      ...erika,
      name: 'Paula Prefill',
      email: 'paula@example.com',
    });
    const [stored] = await requestsOf(submissionId);
    if (!stored) throw new Error('Nothing was sent');
    expect(fieldsOfRole(stored, 'kunde').map((field) => field.id)).toEqual(['kunde-signature']);
    expect(prefilledOf(stored, 'kunde').map(({ field, value }) => [field.id, value])).toEqual([
      ['kunde-name', 'Paula Prefill'],
      ['kunde-start', '2026-12-01'],
      ['kunde-news', true],
    ]);

    const paula = { ...party('Paula Prefill'), email: 'paula@example.com' };
    paula.token = new URL(`http://forms.test${signingPath}`).searchParams.get('token') ?? '';
    const view = await paula.agent.get(`/api/v1/signing/${paula.token}`).expect(200);
    expect(view.body.recipient.fields.map((field: { id: string }) => field.id)).toEqual(['kunde-signature']);
    // The page shows the prefilled values where the seal draws them, fixed: a field of the contract each.
    const shown = view.body.recipient.prefilled as { field: { id: string; kind: string }; value: string | boolean }[];
    expect(shown.map(({ field, value }) => [field.id, field.kind, value])).toEqual([
      ['kunde-name', 'name', 'Paula Prefill'],
      ['kunde-start', 'date', '2026-12-01'],
      ['kunde-news', 'checkbox', true],
    ]);
    expect(shown[0]?.field).toMatchObject({ roleId: 'kunde', page: 0, prefillKey: 'customer_name' });
    await verify(paula);
    const overwrite = act(paula, 'sign', { values: { 'kunde-signature': { png }, 'kunde-name': 'Someone Else' } });
    expect(errorOf(await overwrite.expect(400))).toBe('VALIDATION_FAILED');
    await act(paula, 'sign', { values: { 'kunde-signature': { png } } }).expect(200);

    const frieda = { ...party('Frieda Firma'), email: 'frieda@firma.example' };
    await receive(frieda, /^Bitte unterschreiben: Vertrag$/);
    const fixed = (await frieda.agent.get(`/api/v1/signing/${frieda.token}`).expect(200)).body.recipient.prefilled;
    expect(fixed.map(({ field, value }: { field: { id: string }; value: string }) => [field.id, value])).toEqual([
      ['firma-company', 'Muster GmbH'],
    ]);
    await verify(frieda);
    // The company's field was filled from the answers too: the company signs only.
    await act(frieda, 'sign', { values: { 'firma-signature': { png } } }).expect(200);
    expect((await waitForStatus(owner, stored._id.toString(), 'completed')).status).toBe('completed');
    const signed = await paula.agent.get(`/api/v1/signing/${paula.token}/signed`).buffer(true).expect(200);
    const page = await extractText(scratch(), signed.body, 1);
    expect(page).toContain('Paula Prefill');
    expect(page).toContain('01.12.2026');
    expect(page).toContain('Muster GmbH');
  });
});

describe('a form with a workflow', () => {
  let formId: string;
  beforeAll(async () => {
    formId = await contractFormOf();
    const graph = graphOf(
      [{ id: 'start', type: 'start' }, approvalStep('s1', [owner]), ...endNodes],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    await publishWorkflow(owner, { formIds: [formId], graph });
    expect((await owner.agent.get(`/api/v1/forms/${formId}/signing`).expect(200)).body.hasWorkflow).toBe(true);
  });

  const taskOf = async (submissionId: string) => {
    const tasks = await waitUntil(
      async () => (await owner.agent.get('/api/v1/approvals/tasks?tab=mine').expect(200)).body.tasks as TaskSummary[],
      (listed) => listed.some((task) => task.submissionId === submissionId),
    );
    return tasks.find((task) => task.submissionId === submissionId) as TaskSummary;
  };

  it('nothing is sent on submitting; once approved, the respondent is mailed their link, once', async () => {
    const { submissionId, signingPath } = await submitAndStart(formId, { ...erika, email: 'walter@example.com' });
    expect(signingPath).toBeUndefined();
    const task = await taskOf(submissionId);
    expect(await requestsOf(submissionId)).toEqual([]);

    await owner.agent.post(`/api/v1/approvals/tasks/${task.id}/decision`).send({ outcome: 'approve' }).expect(200);
    const mail = await mailbox.waitForMail('walter@example.com', /^Bitte unterschreiben: Vertrag$/);
    expect(mail.text).toContain('/form/signed?token=');
    const [stored] = await requestsOf(submissionId);
    expect(stored?.prefilled?.['kunde-name']).toBe('Erika Mustermann');

    // A repaired follow-up queues the start again: still one request, one mail.
    await queueFormSigningStart(submissionId);
    expect(await startFormSigning(submissionId)).toMatch(/^\/form\/signed\?token=/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await requestsOf(submissionId)).toHaveLength(1);
    expect(mailbox.countMailsTo('walter@example.com', /^Bitte unterschreiben/)).toBe(1);
  });

  it('when the workflow rejects, nothing is sent', async () => {
    const { submissionId } = await submitAndStart(formId, { ...erika, email: 'rita@example.com' });
    const task = await taskOf(submissionId);
    await owner.agent
      .post(`/api/v1/approvals/tasks/${task.id}/decision`)
      .send({ outcome: 'reject', comment: 'Nicht so.' })
      .expect(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await requestsOf(submissionId)).toEqual([]);
    expect(await FormSigningStartModel.findById(submissionId).lean()).toBeNull();
  });
});
