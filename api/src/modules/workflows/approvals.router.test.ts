import type { FormDefinitionInput, InstanceResponse, TaskSummary, WorkflowGraphInput } from '@formwerk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { givePlan } from '../../test/billing';
import { useTestDatabase } from '../../test/test-database';
import {
  createPublishedForm,
  type Person,
  signUp,
  submit,
  waitUntil,
} from '../form-notifications/notifications-test-helpers';
import { AbsenceModel } from './absence.model';
import { returnDelegatedTasks } from './absences.service';
import { WorkflowInstanceModel } from './workflow-instance.model';
import { transitionInstance } from './workflow-instances';
import {
  approvalStep,
  endNodes,
  graphOf,
  joinTeam,
  publishWorkflow,
  requestForm,
  testPublicUrl,
  useWorkflowJobs,
} from './workflow-test-helpers';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const mailbox = useWorkflowJobs();

let owner: Person;
let anna: Person;
let ben: Person;
let cara: Person;
let dora: Person;
let outsider: Person;

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'de');
  anna = await signUp(app, 'Anna', 'anna@example.com', 'en');
  ben = await signUp(app, 'Ben', 'ben@example.com', 'de');
  cara = await signUp(app, 'Cara', 'cara@example.com', 'de');
  dora = await signUp(app, 'Dora', 'dora@example.com', 'de');
  outsider = await signUp(app, 'Otto Outsider', 'otto@example.com', 'de');
  // A form per workflow, more than Free keeps.
  await givePlan(owner.teamId, 'business-month');
  for (const person of [anna, ben, cara, dora]) await joinTeam(owner, person, 'member');
});

const oneStep = (people: Person[], extra: Record<string, unknown> = {}, screens: unknown[] = []) =>
  graphOf(
    [{ id: 'start', type: 'start' }, approvalStep('s1', people, extra), ...endNodes],
    ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    screens,
  );

let formCount = 0;

/** A published form of its own (a form has one workflow) with `graph` published as its workflow. */
async function setUpWorkflow(graph: WorkflowGraphInput, definition: FormDefinitionInput = requestForm) {
  formCount += 1;
  const formId = await createPublishedForm(owner.agent, { ...definition, title: `${definition.title} ${formCount}` });
  const workflowId = await publishWorkflow(owner, { formIds: [formId], graph });
  return { formId, workflowId };
}

/** Submits the form publicly and waits for the job that starts its workflow. */
async function startRequest(formId: string, answers: object): Promise<InstanceResponse & { submissionId: string }> {
  const { submissionId } = await submit(app, formId, answers);
  const response = await waitUntil(
    () => owner.agent.get(`/api/v1/submissions/${submissionId}/workflow`),
    (answer) => answer.status === 200,
  );
  return { ...response.body, submissionId };
}

async function readInstance(submissionId: string): Promise<InstanceResponse> {
  return (await owner.agent.get(`/api/v1/submissions/${submissionId}/workflow`).expect(200)).body;
}

async function inboxOf(person: Person, tab = 'mine'): Promise<TaskSummary[]> {
  return (await person.agent.get(`/api/v1/approvals/tasks?tab=${tab}`).expect(200)).body.tasks;
}

/**
 * The person's open task of the submission (at the step labelled, when given), once listed: the inbox
 * entries follow the instance's start a moment after it is stored.
 */
async function openTaskOf(person: Person, submissionId: string, stepLabel?: string, tab = 'mine') {
  const isWanted = (candidate: TaskSummary) =>
    candidate.submissionId === submissionId && (!stepLabel || candidate.stepLabel === stepLabel);
  const tasks = await waitUntil(
    () => inboxOf(person, tab),
    (listed) => listed.some(isWanted),
  );
  return tasks.find(isWanted) as TaskSummary;
}

const decide = (person: Person, taskId: string, body: object) =>
  person.agent.post(`/api/v1/approvals/tasks/${taskId}/decision`).send(body);

describe('a submission of a form with a workflow', () => {
  it('starts an instance: the assignees find the task in their inbox and get a mail in their language', async () => {
    const { formId } = await setUpWorkflow(oneStep([anna, ben]));
    const instance = await startRequest(formId, { name: 'Ina', email: 'ina@example.com', days: 3 });
    expect(instance).toMatchObject({ status: 'running', version: 1, nodeStates: { start: 'passed', s1: 'active' } });

    const task = await openTaskOf(anna, instance.submissionId);
    expect(task).toMatchObject({
      stepLabel: 'Schritt s1',
      requester: 'ina@example.com',
      submissionNumber: 1,
      status: 'open',
      mode: 'vote',
      canBulkApprove: true,
    });
    const english = await mailbox.waitForMail('anna@example.com', /Approval requested/);
    expect(english.text).toContain('Hello Anna,');
    expect(english.text).toContain(`${testPublicUrl}/en/v1/approve/${task.id}`);
    const german = await mailbox.waitForMail('ben@example.com', /Freigabe erbeten/);
    expect(german.text).toContain(`${testPublicUrl}/v1/approve/${task.id}`);
    // The same news in the notification centre, with a link to the task.
    const notes = await waitUntil(
      () => anna.agent.get('/api/v1/notifications'),
      (response) => response.body.notifications?.length > 0,
    );
    expect(notes.body.notifications[0]).toMatchObject({
      type: 'taskAssigned',
      params: { stepLabel: 'Schritt s1', formTitle: expect.stringMatching(/^Urlaubsantrag/) },
      link: { route: 'v1-approve-id', params: { id: task.id } },
    });

    const detail = await anna.agent.get(`/api/v1/approvals/tasks/${task.id}`).expect(200);
    expect(detail.body.can).toMatchObject({ decide: true, claim: false, isOwnRequest: false });
    expect(detail.body.votes.map((vote: { name: string }) => vote.name)).toEqual(['Anna', 'Ben']);
    expect(detail.body.answers).toEqual({ name: 'Ina', email: 'ina@example.com', days: 3 });
    await outsider.agent.get(`/api/v1/approvals/tasks/${task.id}`).expect(404);

    const approved = await decide(anna, task.id, { outcome: 'approve' }).expect(200);
    expect(approved.body.task.status).toBe('approved');
    expect((await readInstance(instance.submissionId)).status).toBe('approved');
    const ended = await mailbox.waitForMail('ina@example.com', /Genehmigt/);
    expect(ended.text).toContain('genehmigt');
    // Its link opens the request's history, which the requester sees once signed in with that address.
    expect(ended.text).toContain(`/v1/submissions/${instance.submissionId}/workflow`);

    // The other approver learns who decided; the task left their open ones for the done tab.
    const late = await decide(ben, task.id, { outcome: 'reject', comment: 'Zu spät' }).expect(409);
    expect(late.body.error).toMatchObject({ code: 'TASK_CLOSED', details: { decidedBy: 'Anna', status: 'approved' } });
    expect((await inboxOf(ben)).some((summary) => summary.id === task.id)).toBe(false);
    expect((await inboxOf(ben, 'done')).map((summary) => summary.id)).toContain(task.id);
  });

  it('an instance stays on the version it started with after a new version is published', async () => {
    const { formId, workflowId } = await setUpWorkflow(oneStep([anna]));
    const first = await startRequest(formId, { name: 'Ina' });

    const current = (await owner.agent.get(`/api/v1/workflows/${workflowId}`).expect(200)).body;
    const twoSteps = graphOf(
      [
        { id: 'start', type: 'start' },
        approvalStep('s1', [anna], { label: 'Neu' }),
        approvalStep('s2', [ben]),
        ...endNodes,
      ],
      ['start:out>s1', 's1:approved>s2', 's1:rejected>no', 's2:approved>yes', 's2:rejected>no'],
    );
    const saved = await owner.agent
      .put(`/api/v1/workflows/${workflowId}`)
      .send({ name: current.name, formIds: [formId], graph: twoSteps, revision: current.revision })
      .expect(200);
    await owner.agent
      .post(`/api/v1/workflows/${workflowId}/publish`)
      .send({ revision: saved.body.revision })
      .expect(200);

    const oldTask = await openTaskOf(anna, first.submissionId);
    expect(oldTask.stepLabel).toBe('Schritt s1');
    await decide(anna, oldTask.id, { outcome: 'approve' }).expect(200);
    const finished = await readInstance(first.submissionId);
    expect(finished).toMatchObject({ status: 'approved', version: 1 });
    expect(finished.graph.nodes.map((node) => node.id)).toEqual(['start', 's1', 'yes', 'no']);

    const second = await startRequest(formId, { name: 'Jan' });
    expect(second.version).toBe(2);
    expect((await openTaskOf(anna, second.submissionId)).stepLabel).toBe('Neu');
  });
});

describe('concurrent decisions', () => {
  it('when twenty decisions by four approvers arrive at once, the step completes once: one next task, one entry, one mail', async () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        approvalStep('s1', [anna, ben, cara, dora]),
        approvalStep('s2', [owner]),
        ...endNodes,
      ],
      ['start:out>s1', 's1:approved>s2', 's1:rejected>no', 's2:approved>yes', 's2:rejected>no'],
    );
    const { formId } = await setUpWorkflow(graph);
    const instance = await startRequest(formId, { name: 'Ina' });
    const task = await openTaskOf(anna, instance.submissionId);

    const voters = [anna, ben, cara, dora];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => decide(voters[index % 4] as Person, task.id, { outcome: 'approve' })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = responses.find((response) => response.status === 200)?.body.decidedBy;
    for (const response of responses.filter((candidate) => candidate.status === 409)) {
      expect(response.body.error).toMatchObject({ code: 'TASK_CLOSED', details: { decidedBy: winner } });
    }

    const after = await readInstance(instance.submissionId);
    expect(after.timeline.filter((entry) => entry.kind === 'approved' && entry.nodeId === 's1')).toHaveLength(1);
    expect(after.timeline.filter((entry) => entry.kind === 'stepStarted' && entry.nodeId === 's2')).toHaveLength(1);
    const next = (await inboxOf(owner)).filter((summary) => summary.submissionId === instance.submissionId);
    expect(next).toHaveLength(1);
    // The mails of this request's next task (earlier tests mailed the same address about steps named alike).
    const nextTaskMails = () => mailbox.countMails('olga@example.com', /Schritt s2/, `/v1/approve/${next[0]?.id}`);
    await waitUntil(
      async () => nextTaskMails(),
      (count) => count > 0,
    );
    // Every mail is out once the outbox is empty: then one, and only one, went to the next approver.
    await waitUntil(
      () => WorkflowInstanceModel.findById(after.id).lean(),
      (stored) => Object.keys((stored?.outbox as object | undefined) ?? { pending: true }).length === 0,
    );
    expect(nextTaskMails()).toBe(1);
  });

  it('when one approver sends the same decision twenty times at once, it is counted once', async () => {
    const { formId } = await setUpWorkflow(oneStep([anna, ben], { rule: { kind: 'all' } }));
    const instance = await startRequest(formId, { name: 'Ina' });
    const task = await openTaskOf(anna, instance.submissionId);
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => decide(anna, task.id, { outcome: 'approve' })),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(19);
    const after = await readInstance(instance.submissionId);
    expect(after.status).toBe('running');
    expect(after.timeline.filter((entry) => entry.kind === 'approved')).toHaveLength(1);
    await decide(ben, task.id, { outcome: 'approve' }).expect(200);
    expect((await readInstance(instance.submissionId)).status).toBe('approved');
  });
});

describe('changes, resubmission, withdrawal and self-approval', () => {
  const screens = [
    {
      id: 'check',
      name: 'Prüfung',
      fields: { days: 'editable', reason: 'hidden' },
      extraFields: [{ id: 'costCentre', label: 'Kostenstelle', type: 'shortText', required: true }],
    },
  ];

  it('an approver asks for changes; a resubmission of the editable fields opens a new task at the same step', async () => {
    const { formId } = await setUpWorkflow(oneStep([ben], { screenId: 'check' }, screens));
    const instance = await startRequest(formId, { name: 'Ina', email: 'ina@example.com', days: 3, reason: 'Privat' });
    const task = await openTaskOf(ben, instance.submissionId);
    expect(task.canBulkApprove).toBe(false);
    const detail = await ben.agent.get(`/api/v1/approvals/tasks/${task.id}`).expect(200);
    expect(detail.body.answers).toEqual({ name: 'Ina', email: 'ina@example.com', days: 3 });

    const bare = await decide(ben, task.id, { outcome: 'requestChanges' }).expect(400);
    expect(bare.body.error.code).toBe('COMMENT_REQUIRED');
    await decide(ben, task.id, { outcome: 'requestChanges', comment: 'Bitte weniger Tage' }).expect(200);
    const paused = await readInstance(instance.submissionId);
    expect(paused).toMatchObject({
      status: 'changesRequested',
      changesRequested: { comment: 'Bitte weniger Tage', by: 'Ben', editableFieldIds: ['days'] },
      can: { withdraw: true, resubmit: true },
    });
    const asked = await mailbox.waitForMail('ina@example.com', /Änderungen erbeten/);
    expect(asked.text).toContain('Bitte weniger Tage');

    const notEditable = await owner.agent
      .post(`/api/v1/workflow-instances/${paused.id}/resubmit`)
      .send({ answers: { name: 'Eva' } })
      .expect(400);
    expect(notEditable.body.error).toMatchObject({ code: 'VALIDATION_FAILED' });
    const resubmitted = await owner.agent
      .post(`/api/v1/workflow-instances/${paused.id}/resubmit`)
      .send({ answers: { days: 2 } })
      .expect(200);
    expect(resubmitted.body.status).toBe('running');
    expect(resubmitted.body.timeline.at(-2)).toMatchObject({ kind: 'resubmitted', changedFieldIds: ['days'] });
    await owner.agent.post(`/api/v1/workflow-instances/${paused.id}/resubmit`).send({ answers: {} }).expect(409);

    const again = await openTaskOf(ben, instance.submissionId);
    expect(again.id).not.toBe(task.id);

    // The approver's edits are checked like the form's answers; the extra field is required to approve.
    const wrongType = await decide(ben, again.id, { outcome: 'approve', answers: { days: 'viele' } }).expect(400);
    expect(wrongType.body.error.details.issues[0]).toMatchObject({ path: ['answers', 'days'] });
    const missingExtra = await decide(ben, again.id, { outcome: 'approve', answers: { days: 1 } }).expect(400);
    expect(missingExtra.body.error.details.issues).toEqual([
      expect.objectContaining({ path: ['extra', 'costCentre'], code: 'required' }),
    ]);
    const approved = await decide(ben, again.id, {
      outcome: 'approve',
      answers: { days: 1 },
      extra: { costCentre: 'K-17' },
    }).expect(200);
    expect(approved.body.answers.days).toBe(1);
    expect((await readInstance(instance.submissionId)).status).toBe('approved');
  });

  it('a requester outside the team, signed in with the address they asked from, follows the request, resubmits and withdraws', async () => {
    const { formId } = await setUpWorkflow(oneStep([ben], { screenId: 'check' }, screens));
    const instance = await startRequest(formId, { name: 'Otto', email: 'OTTO@example.com', days: 5, reason: 'Reise' });
    const path = `/api/v1/submissions/${instance.submissionId}/workflow`;
    expect((await owner.agent.get(path).expect(200)).body.viewer).toBe('team');
    const seen = await outsider.agent.get(path).expect(200);
    expect(seen.body).toMatchObject({
      viewer: 'requester',
      status: 'running',
      can: { withdraw: true, resubmit: false },
    });
    // Anyone else outside the team learns nothing, not even that it exists.
    const stranger = await signUp(app, 'Sven Stranger', 'sven@example.com', 'de');
    await stranger.agent.get(path).expect(404);
    await stranger.agent.post(`/api/v1/workflow-instances/${instance.id}/withdraw`).send({}).expect(404);

    const task = await openTaskOf(ben, instance.submissionId);
    await decide(ben, task.id, { outcome: 'requestChanges', comment: 'Bitte kürzer' }).expect(200);
    const resubmitted = await outsider.agent
      .post(`/api/v1/workflow-instances/${instance.id}/resubmit`)
      .send({ answers: { days: 3 } })
      .expect(200);
    expect(resubmitted.body).toMatchObject({ viewer: 'requester', status: 'running' });
    expect(resubmitted.body.timeline.at(-2)).toMatchObject({ kind: 'resubmitted', changedFieldIds: ['days'] });
    const withdrawn = await outsider.agent
      .post(`/api/v1/workflow-instances/${instance.id}/withdraw`)
      .send({ comment: 'Doch nicht' })
      .expect(200);
    expect(withdrawn.body).toMatchObject({ viewer: 'requester', status: 'withdrawn' });
  });

  it('the requester withdraws: open tasks are cancelled, a late decision learns it, and it cannot be withdrawn twice', async () => {
    const { formId } = await setUpWorkflow(oneStep([anna]));
    const instance = await startRequest(formId, { name: 'Ina' });
    const task = await openTaskOf(anna, instance.submissionId);
    const withdrawn = await owner.agent
      .post(`/api/v1/workflow-instances/${instance.id}/withdraw`)
      .send({ comment: 'Hat sich erledigt' })
      .expect(200);
    expect(withdrawn.body).toMatchObject({ status: 'withdrawn', can: { withdraw: false, resubmit: false } });
    expect(withdrawn.body.nodeStates.s1).toBe('cancelled');
    const late = await decide(anna, task.id, { outcome: 'approve' }).expect(409);
    expect(late.body.error.details).toEqual({ decidedBy: 'Olga Owner', status: 'cancelled' });
    const twice = await owner.agent.post(`/api/v1/workflow-instances/${instance.id}/withdraw`).send({}).expect(409);
    expect(twice.body.error.code).toBe('INSTANCE_CLOSED');
    await outsider.agent.post(`/api/v1/workflow-instances/${instance.id}/withdraw`).send({}).expect(404);
  });

  it('nobody approves their own request', async () => {
    const { formId } = await setUpWorkflow(oneStep([anna, ben]));
    const instance = await startRequest(formId, { name: 'Anna', email: 'Anna@Example.com' });
    const task = await openTaskOf(ben, instance.submissionId);
    const own = await anna.agent.get(`/api/v1/approvals/tasks/${task.id}`).expect(200);
    expect(own.body.can).toMatchObject({ decide: false, isOwnRequest: true });
    const refused = await decide(anna, task.id, { outcome: 'approve' }).expect(403);
    expect(refused.body.error.code).toBe('SELF_APPROVAL');
    await decide(cara, task.id, { outcome: 'approve' }).expect(404);
    await decide(ben, task.id, { outcome: 'approve' }).expect(200);
  });
});

describe('routing', () => {
  it('a condition sends the request the way its answers say', async () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        {
          id: 'c1',
          type: 'condition',
          label: 'Lang?',
          rules: [
            {
              id: 'long',
              label: 'Mehr als 10 Tage',
              combinator: 'and',
              conditions: [{ fieldId: 'days', operator: 'greaterThan', value: 10 }],
            },
          ],
        },
        approvalStep('long', [ben]),
        approvalStep('short', [anna]),
        ...endNodes,
      ],
      [
        'start:out>c1',
        'c1:long>long',
        'c1:default>short',
        'long:approved>yes',
        'long:rejected>no',
        'short:approved>yes',
        'short:rejected>no',
      ],
    );
    const { formId } = await setUpWorkflow(graph);
    const long = await startRequest(formId, { name: 'Ina', days: 12 });
    expect((await openTaskOf(ben, long.submissionId)).stepLabel).toBe('Schritt long');
    expect(long.nodeStates).toMatchObject({ c1: 'passed', long: 'active' });
    const short = await startRequest(formId, { name: 'Jan', days: 2 });
    expect((await openTaskOf(anna, short.submissionId)).stepLabel).toBe('Schritt short');
  });

  it('a split opens its ways at once; a rejection on one ends the request and cancels the other', async () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        { id: 'split', type: 'split' },
        approvalStep('legal', [anna]),
        approvalStep('finance', [ben]),
        { id: 'join', type: 'join' },
        ...endNodes,
      ],
      [
        'start:out>split',
        'split:out>legal',
        'split:out>finance',
        'legal:approved>join',
        'legal:rejected>no',
        'finance:approved>join',
        'finance:rejected>no',
        'join:out>yes',
      ],
    );
    const { formId } = await setUpWorkflow(graph);
    const rejected = await startRequest(formId, { name: 'Ina', email: 'ina.split@example.com' });
    const legal = await openTaskOf(anna, rejected.submissionId);
    const finance = await openTaskOf(ben, rejected.submissionId);
    await decide(ben, finance.id, { outcome: 'reject', comment: 'Kein Budget' }).expect(200);
    const ended = await readInstance(rejected.submissionId);
    expect(ended.status).toBe('rejected');
    expect(ended.nodeStates).toMatchObject({ legal: 'cancelled', finance: 'rejected', no: 'rejected' });
    const cancelled = await anna.agent.get(`/api/v1/approvals/tasks/${legal.id}`).expect(200);
    expect(cancelled.body).toMatchObject({ task: { status: 'cancelled' }, decidedBy: 'Ben', can: { decide: false } });
    expect((await inboxOf(anna)).some((task) => task.id === legal.id)).toBe(false);
    await mailbox.waitForMail('ina.split@example.com', /Abgelehnt/);

    const approved = await startRequest(formId, { name: 'Jan' });
    await decide(anna, (await openTaskOf(anna, approved.submissionId)).id, { outcome: 'approve' }).expect(200);
    expect((await readInstance(approved.submissionId)).nodeStates.join).toBe('active');
    await decide(ben, (await openTaskOf(ben, approved.submissionId)).id, { outcome: 'approve' }).expect(200);
    expect((await readInstance(approved.submissionId)).status).toBe('approved');
  });
});

describe('pools and bulk approval', () => {
  it('one pool member claims the task, the others no longer see it, and a release returns it', async () => {
    const { formId } = await setUpWorkflow(oneStep([anna, ben], { mode: 'pool' }));
    const instance = await startRequest(formId, { name: 'Ina' });
    const task = await openTaskOf(anna, instance.submissionId, undefined, 'pool');
    const claimed = await anna.agent.post(`/api/v1/approvals/tasks/${task.id}/claim`).expect(200);
    expect(claimed.body).toMatchObject({ task: { claimedBy: 'Anna' }, can: { decide: true, release: true } });
    expect((await inboxOf(ben, 'pool')).some((summary) => summary.id === task.id)).toBe(false);
    const taken = await ben.agent.post(`/api/v1/approvals/tasks/${task.id}/claim`).expect(403);
    expect(taken.body.error.code).toBe('NOT_ASSIGNED');
    await anna.agent.post(`/api/v1/approvals/tasks/${task.id}/release`).expect(200);
    await openTaskOf(ben, instance.submissionId, undefined, 'pool');
    await decide(ben, task.id, { outcome: 'approve' }).expect(200);
    expect((await readInstance(instance.submissionId)).status).toBe('approved');
  });

  it('bulk approval decides the tasks that ask nothing and skips the others with their reason', async () => {
    const plain = await setUpWorkflow(oneStep([cara]));
    const asking = await setUpWorkflow(
      oneStep([cara], { screenId: 'sc' }, [{ id: 'sc', name: 'Prüfung', fields: { days: 'editable' } }]),
    );
    const first = await startRequest(plain.formId, { name: 'Ina' });
    const second = await startRequest(asking.formId, { name: 'Jan' });
    const simple = await openTaskOf(cara, first.submissionId);
    const withInput = await openTaskOf(cara, second.submissionId);
    const response = await cara.agent
      .post('/api/v1/approvals/bulk-decision')
      .send({ taskIds: [simple.id, withInput.id] })
      .expect(200);
    expect(response.body).toEqual({
      approved: [simple.id],
      skipped: [{ taskId: withInput.id, code: 'INPUT_REQUIRED' }],
    });
    expect((await readInstance(first.submissionId)).status).toBe('approved');
    const again = await cara.agent
      .post('/api/v1/approvals/bulk-decision')
      .send({ taskIds: [simple.id] })
      .expect(200);
    expect(again.body.skipped).toEqual([{ taskId: simple.id, code: 'TASK_CLOSED' }]);
  });

  it('comments and reassignment go to the timeline; the newcomer gets the task', async () => {
    const { formId } = await setUpWorkflow(oneStep([dora]));
    const instance = await startRequest(formId, { name: 'Ina' });
    const task = await openTaskOf(dora, instance.submissionId);
    await dora.agent
      .post(`/api/v1/approvals/tasks/${task.id}/comments`)
      .send({ text: 'Schaue ich mir an' })
      .expect(200);
    const handed = await dora.agent
      .post(`/api/v1/approvals/tasks/${task.id}/reassign`)
      .send({ userId: cara.userId, comment: 'Urlaub' })
      .expect(200);
    // Dora handed it on: she still reads it, but no longer acts; Cara has it.
    expect(handed.body.can).toMatchObject({ decide: false, reassign: false });
    expect((await inboxOf(dora)).some((summary) => summary.id === task.id)).toBe(false);
    expect((await openTaskOf(cara, instance.submissionId)).id).toBe(task.id);
    const detail = await cara.agent.get(`/api/v1/approvals/tasks/${task.id}`).expect(200);
    expect(detail.body.timeline.map((entry: { kind: string }) => entry.kind)).toEqual([
      'started',
      'stepStarted',
      'commented',
      'reassigned',
    ]);
    await mailbox.waitForMail('cara@example.com', /Urlaubsantrag/);
    const foreign = await owner.agent
      .post(`/api/v1/approvals/tasks/${task.id}/reassign`)
      .send({ userId: outsider.userId })
      .expect(400);
    expect(foreign.body.error.code).toBe('NOT_TEAM_MEMBER');
  });
});

describe('deadlines', () => {
  const dateForm: FormDefinitionInput = {
    ...requestForm,
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name', required: true },
          { id: 'due', type: 'date', label: 'Frist' },
        ],
      },
    ],
  };

  it('a task past its deadline is overdue, and its reminder goes out once', async () => {
    const deadline = { due: { kind: 'dateField', fieldId: 'due' }, onBreach: 'notify' };
    const { formId } = await setUpWorkflow(oneStep([ben], { deadline }), dateForm);
    const instance = await startRequest(formId, { name: 'Ina', due: '2020-01-31' });
    const task = await openTaskOf(ben, instance.submissionId);
    expect(task).toMatchObject({ dueAt: '2020-01-31T23:59:59.999Z', isOverdue: true });
    expect((await inboxOf(ben, 'overdue')).map((summary) => summary.id)).toContain(task.id);
    // The timer job runs at once for a deadline already past.
    const reminder = await mailbox.waitForMail('ben@example.com', /Überfällig/);
    expect(reminder.text).toContain(`/v1/approve/${task.id}`);
    const after = await waitUntil(
      () => readInstance(instance.submissionId),
      (current) => current.timeline.some((entry) => entry.kind === 'escalated'),
    );
    expect(after.timeline.filter((entry) => entry.kind === 'escalated')).toHaveLength(1);
    expect(after.status).toBe('running');
  });

  it('when the deadline passes while approvers decide, the step ends once: by the timer or by a decision', async () => {
    const deadline = { due: { kind: 'duration', hours: 1 }, onBreach: 'decide', decision: 'reject' };
    const { formId } = await setUpWorkflow(oneStep([anna, ben], { deadline }));
    const instance = await startRequest(formId, { name: 'Ina' });
    const task = await openTaskOf(anna, instance.submissionId);
    // An hour passes (the deadline is moved, not the clock): the next timer would find it due.
    await WorkflowInstanceModel.updateOne(
      { _id: instance.id },
      { $set: { [`tasks.${task.id}.deadline.dueAt`]: new Date(Date.now() - 1000).toISOString() } },
    );
    const timers = Array.from({ length: 5 }, () => transitionInstance(instance.id, () => ({ type: 'timer' })));
    const decisions = [anna, ben, anna, ben, anna].map((person) => decide(person, task.id, { outcome: 'approve' }));
    const [responses] = await Promise.all([Promise.all(decisions), Promise.all(timers)]);
    const after = await readInstance(instance.submissionId);
    const closings = after.timeline.filter((entry) => entry.kind === 'approved' || entry.kind === 'escalated');
    expect(closings).toHaveLength(1);
    expect(after.status).toBe(closings[0]?.kind === 'approved' ? 'approved' : 'rejected');
    expect(responses.filter((response) => response.status === 200)).toHaveLength(
      closings[0]?.kind === 'approved' ? 1 : 0,
    );
  });
});

describe('absences', () => {
  it('while away, new and open tasks go to the delegate, who decides for the absent approver; afterwards they come back', async () => {
    const { formId } = await setUpWorkflow(oneStep([anna]));
    const before = await startRequest(formId, { name: 'Ina' });
    const open = await openTaskOf(anna, before.submissionId);

    const hour = 3_600_000;
    const saved = await anna.agent
      .put('/api/v1/approvals/absence')
      .send({
        from: new Date(Date.now() - hour).toISOString(),
        until: new Date(Date.now() + 24 * hour).toISOString(),
        delegateUserId: dora.userId,
        includeOpen: true,
      })
      .expect(200);
    expect(saved.body.absence).toMatchObject({ delegate: { name: 'Dora' }, isActive: true, workflowIds: [] });
    // An absence that ends when it begins.
    const instant = new Date().toISOString();
    const refused = await anna.agent
      .put('/api/v1/approvals/absence')
      .send({ from: instant, until: instant, delegateUserId: dora.userId })
      .expect(400);
    expect(refused.body.error.code).toBe('VALIDATION_FAILED');

    // The open task moves by a job; a new one goes to Dora straight away. The transition writes both
    // inbox entries at once, so Dora's may be there a moment before Anna's is gone: wait for both.
    const [moved] = await waitUntil(
      () => Promise.all([inboxOf(dora, 'delegated'), inboxOf(anna)]),
      ([dorasTasks, annasTasks]) =>
        dorasTasks.some((task) => task.id === open.id) && !annasTasks.some((task) => task.id === open.id),
    );
    expect(moved.find((task) => task.id === open.id)?.onBehalfOf).toBe('Anna');
    const during = await startRequest(formId, { name: 'Jan' });
    const delegated = await openTaskOf(dora, during.submissionId);
    expect(delegated.onBehalfOf).toBe('Anna');
    await decide(dora, delegated.id, { outcome: 'approve' }).expect(200);
    const decided = await readInstance(during.submissionId);
    expect(decided.timeline.find((entry) => entry.kind === 'approved')).toMatchObject({
      actor: 'Dora',
      onBehalfOf: 'Anna',
    });

    await anna.agent.delete('/api/v1/approvals/absence').expect(204);
    expect((await anna.agent.get('/api/v1/approvals/absence').expect(200)).body).toEqual({ absence: null });
    const after = await startRequest(formId, { name: 'Eva' });
    expect((await openTaskOf(anna, after.submissionId)).onBehalfOf).toBeNull();

    // What Dora held and had not decided comes back, by a job; what she decided stays decided.
    const back = await openTaskOf(anna, before.submissionId);
    expect(back).toMatchObject({ id: open.id, onBehalfOf: null, status: 'open' });
    expect((await inboxOf(dora, 'delegated')).some((task) => task.id === open.id)).toBe(false);
    expect((await readInstance(before.submissionId)).timeline.at(-1)).toMatchObject({
      kind: 'returnedAfterAbsence',
      actor: 'Anna',
      stepLabel: 'Schritt s1',
    });
    expect((await readInstance(during.submissionId)).status).toBe('approved');
    // Told as of a new task: in the app (and by mail, as she chose).
    await waitUntil(
      () => anna.agent.get('/api/v1/notifications'),
      (response) =>
        response.body.notifications.filter(
          (notice: { type: string; link: { params: { id?: string } } | null }) =>
            notice.type === 'taskAssigned' && notice.link?.params.id === open.id,
        ).length === 2,
    );
    await decide(anna, open.id, { outcome: 'approve' }).expect(200);
  });

  it('when the absence ends, or is shortened to end now, the open tasks the delegate holds come back', async () => {
    const { formId } = await setUpWorkflow(oneStep([ben]));
    const first = await startRequest(formId, { name: 'Ida' });
    const firstTask = await openTaskOf(ben, first.submissionId);
    const hour = 3_600_000;
    const absence = (until: number) => ({
      from: new Date(Date.now() - hour).toISOString(),
      until: new Date(until).toISOString(),
      delegateUserId: cara.userId,
      includeOpen: true,
    });

    await ben.agent
      .put('/api/v1/approvals/absence')
      .send(absence(Date.now() + 24 * hour))
      .expect(200);
    await openTaskOf(cara, first.submissionId, undefined, 'delegated');
    await ben.agent.put('/api/v1/approvals/absence').send(absence(Date.now())).expect(200);
    expect((await openTaskOf(ben, first.submissionId)).id).toBe(firstTask.id);
    expect((await inboxOf(cara)).some((task) => task.id === firstTask.id)).toBe(false);

    // An absence that ends by itself, a few seconds from now: its delayed job gives the task back.
    await ben.agent
      .put('/api/v1/approvals/absence')
      .send(absence(Date.now() + 4000))
      .expect(200);
    const second = await startRequest(formId, { name: 'Jo' });
    const held = await openTaskOf(cara, second.submissionId);
    expect(held.onBehalfOf).toBe('Ben');
    const returned = await openTaskOf(ben, second.submissionId);
    expect(returned).toMatchObject({ id: held.id, onBehalfOf: null });
    expect((await readInstance(second.submissionId)).timeline.map((entry) => entry.kind)).toContain(
      'returnedAfterAbsence',
    );
    await ben.agent.delete('/api/v1/approvals/absence').expect(204);
  });

  it('a delegate’s decision at the moment the absence ends counts once: decided, or given back', async () => {
    const { formId } = await setUpWorkflow(oneStep([anna]));
    const request = await startRequest(formId, { name: 'Kai' });
    const hour = 3_600_000;
    await anna.agent
      .put('/api/v1/approvals/absence')
      .send({
        from: new Date(Date.now() - hour).toISOString(),
        until: new Date(Date.now() + hour).toISOString(),
        delegateUserId: dora.userId,
        includeOpen: true,
      })
      .expect(200);
    const held = await openTaskOf(dora, request.submissionId, undefined, 'delegated');
    // Removed without the api, so that no job gives it back before the race below.
    await AbsenceModel.deleteOne({ _id: anna.userId });

    const [decision] = await Promise.all([
      decide(dora, held.id, { outcome: 'approve' }),
      returnDelegatedTasks(anna.userId),
    ]);
    const instance = await readInstance(request.submissionId);
    const kinds = instance.timeline.map((entry) => entry.kind);
    const approvals = kinds.filter((kind) => kind === 'approved').length;
    const returns = kinds.filter((kind) => kind === 'returnedAfterAbsence').length;
    expect(approvals + returns).toBe(1);
    if (decision.status === 200) {
      expect(instance.status).toBe('approved');
    } else {
      expect(decision.body.error.code).toBe('NOT_ASSIGNED');
      expect((await openTaskOf(anna, request.submissionId)).id).toBe(held.id);
    }
  });
});

describe('the overview', () => {
  it('counts my open tasks and lists those due first', async () => {
    const overview = await cara.agent.get('/api/v1/approvals/overview').expect(200);
    expect(overview.body.counts.mine).toBe((await inboxOf(cara)).length);
    expect(overview.body.dueFirst.length).toBeLessThanOrEqual(5);
    const owners = await owner.agent.get('/api/v1/approvals/overview').expect(200);
    expect(owners.body.stuck).toEqual([]);
    expect(owners.body.counts.waitingOnOthers).toBeGreaterThan(0);
  });
});
