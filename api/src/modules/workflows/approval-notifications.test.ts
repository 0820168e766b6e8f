import type {
  FormDefinitionInput,
  InstanceResponse,
  Notification,
  TaskSummary,
  WorkflowGraphInput,
} from '@formwerk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';
import {
  createPublishedForm,
  type Person,
  signUp,
  submit,
  waitUntil,
} from '../form-notifications/notifications-test-helpers';
import { deleteUser } from '../users/users.service';
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

// Issue 15: in the app and by mail at every step (escalated, commented), and an assignee who reaches
// nobody is reported to the team's owner and admins, never skipped silently.

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
const mailbox = useWorkflowJobs();

let owner: Person;
let anna: Person;
let ben: Person;
let cara: Person;

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'de');
  anna = await signUp(app, 'Anna', 'anna@example.com', 'en');
  ben = await signUp(app, 'Ben', 'ben@example.com', 'de');
  cara = await signUp(app, 'Cara', 'cara@example.com', 'de');
  for (const person of [anna, ben, cara]) await joinTeam(owner, person, 'member');
});

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

const oneStep = (assignees: unknown[], extra: Record<string, unknown> = {}) =>
  graphOf(
    [{ id: 'start', type: 'start' }, { ...approvalStep('s1', []), assignees, ...extra }, ...endNodes],
    ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
  );
const user = (person: Person) => ({ kind: 'user', userId: person.userId });

let formCount = 0;

/** A published form of its own with `graph` as its workflow, submitted once; the started instance. */
async function startRequest(
  graph: WorkflowGraphInput,
  answers: object,
  definition: FormDefinitionInput = requestForm,
): Promise<InstanceResponse & { submissionId: string }> {
  formCount += 1;
  const formId = await createPublishedForm(owner.agent, { ...definition, title: `${definition.title} ${formCount}` });
  await publishWorkflow(owner, { formIds: [formId], graph });
  const { submissionId } = await submit(app, formId, answers);
  const response = await waitUntil(
    () => owner.agent.get(`/api/v1/submissions/${submissionId}/workflow`),
    (answer) => answer.status === 200,
  );
  return { ...response.body, submissionId };
}

async function openTaskOf(person: Person, submissionId: string): Promise<TaskSummary> {
  const tasks = await waitUntil(
    async () => (await person.agent.get('/api/v1/approvals/tasks?tab=mine').expect(200)).body.tasks as TaskSummary[],
    (listed) => listed.some((task) => task.submissionId === submissionId),
  );
  return tasks.find((task) => task.submissionId === submissionId) as TaskSummary;
}

async function notificationsOf(person: Person): Promise<Notification[]> {
  return (await person.agent.get('/api/v1/notifications?pageSize=100').expect(200)).body.notifications;
}

/** A mail's subject about the task: "<what>: <step> – <form>" (each test has a form of its own). */
const subjectOf = (what: string, task: TaskSummary) => new RegExp(`^${what}: ${task.stepLabel} – ${task.formTitle}$`);

/** The person's notification of `type` that links to `id`, once it arrived. */
async function noticeOf(person: Person, type: Notification['type'], id: string): Promise<Notification> {
  const isWanted = (notification: Notification) => notification.type === type && notification.link?.params.id === id;
  const listed = await waitUntil(
    () => notificationsOf(person),
    (notifications) => notifications.some(isWanted),
  );
  return listed.find(isWanted) as Notification;
}

describe('an escalation', () => {
  it('tells the approver added on a breach, in the app and by mail, with a link to the task', async () => {
    const deadline = { due: { kind: 'dateField', fieldId: 'due' }, onBreach: 'addApprover', escalateTo: user(cara) };
    const instance = await startRequest(
      oneStep([user(ben)], { deadline }),
      { name: 'Ina', due: '2020-01-31' },
      dateForm,
    );
    const task = await openTaskOf(ben, instance.submissionId);

    // The timer job runs at once for a deadline already past.
    const notice = await noticeOf(cara, 'taskEscalated', task.id);
    expect(notice).toMatchObject({
      params: { stepLabel: 'Schritt s1', workflowName: 'Freigabe', formTitle: task.formTitle },
      link: { route: 'v1-approve-id', params: { id: task.id } },
    });
    const mail = await mailbox.waitForMail('cara@example.com', subjectOf('Eskaliert', task));
    expect(mail.text).toContain('wurde an Sie eskaliert');
    expect(mail.text).toContain(`${testPublicUrl}/v1/approve/${task.id}`);
    expect((await openTaskOf(cara, instance.submissionId)).id).toBe(task.id);
  });

  it('on a breach that only notifies, tells the team’s owner', async () => {
    const deadline = { due: { kind: 'dateField', fieldId: 'due' }, onBreach: 'notify' };
    const instance = await startRequest(
      oneStep([user(ben)], { deadline }),
      { name: 'Jan', due: '2020-01-31' },
      dateForm,
    );
    const task = await openTaskOf(ben, instance.submissionId);

    await noticeOf(owner, 'taskEscalated', task.id);
    const mail = await mailbox.waitForMail('olga@example.com', subjectOf('Eskaliert', task));
    expect(mail.text).toContain('ohne dass entschieden wurde');
    // The approver is reminded (taskReminder), not told of an escalation.
    expect((await notificationsOf(ben)).some((notification) => notification.type === 'taskEscalated')).toBe(false);
  });
});

describe('a comment on a task', () => {
  it('tells the other assignee in the app, not the author, and by mail only to whoever asked for it', async () => {
    const instance = await startRequest(oneStep([user(anna), user(ben)], { rule: { kind: 'all' } }), {
      name: 'Kai',
    });
    const task = await openTaskOf(anna, instance.submissionId);
    await anna.agent.post(`/api/v1/approvals/tasks/${task.id}/comments`).send({ text: 'Passt das?' }).expect(200);

    const notice = await noticeOf(ben, 'taskCommented', task.id);
    expect(notice.params).toMatchObject({ actor: 'Anna', stepLabel: 'Schritt s1' });
    expect((await notificationsOf(anna)).some((notification) => notification.type === 'taskCommented')).toBe(false);
    // Published after its mail would have gone: a comment comes by mail only when chosen.
    expect(mailbox.countMails('ben@example.com', subjectOf('Kommentar', task))).toBe(0);
  });
});

describe('an assignee who reaches nobody', () => {
  it('when a step names a deleted user, the timeline says so and the team’s owner is told, linking to the task', async () => {
    const gone = await signUp(app, 'Gina Gone', 'gina@example.com', 'de');
    await joinTeam(owner, gone, 'member');
    await deleteUser(gone.userId);

    const instance = await startRequest(oneStep([user(ben), user(gone)]), { name: 'Lea' });
    const task = await openTaskOf(ben, instance.submissionId);
    expect(instance.timeline.map((entry) => entry.kind)).toEqual(['started', 'stepStarted', 'assigneeMissing']);
    expect(instance.timeline.at(-1)).toMatchObject({
      stepLabel: 'Schritt s1',
      missing: [{ kind: 'user', name: null }],
    });

    const notice = await noticeOf(owner, 'assigneeMissing', task.id);
    expect(notice).toMatchObject({
      params: { stepLabel: 'Schritt s1', workflowName: 'Freigabe' },
      link: { route: 'v1-approve-id', params: { id: task.id } },
    });
    const mail = await mailbox.waitForMail('olga@example.com', subjectOf('Zuständige fehlen', task));
    expect(mail.text).toContain('deren Konto gelöscht wurde oder die nicht mehr Mitglied des Teams ist');
    expect(mail.text).toContain(`${testPublicUrl}/v1/approve/${task.id}`);
  });

  it('when a member with an open task is removed from the team, the owner is told of that task', async () => {
    const leaving = await signUp(app, 'Lars Leaving', 'lars@example.com', 'en');
    await joinTeam(owner, leaving, 'member');
    const instance = await startRequest(oneStep([user(leaving)]), { name: 'Mia' });
    const task = await openTaskOf(leaving, instance.submissionId);

    await owner.agent.delete(`/api/v1/team/members/${leaving.userId}`).expect(200);

    await noticeOf(owner, 'assigneeMissing', task.id);
    const mail = await mailbox.waitForMail('olga@example.com', subjectOf('Zuständige fehlen', task));
    expect(mail.text).toContain('Lars Leaving, nicht mehr Mitglied des Teams');
    const after = await owner.agent.get(`/api/v1/submissions/${instance.submissionId}/workflow`).expect(200);
    expect(after.body.timeline.at(-1)).toMatchObject({
      kind: 'assigneeMissing',
      stepLabel: 'Schritt s1',
      missing: [{ kind: 'user', name: 'Lars Leaving' }],
    });
  });

  it('when a group that a running step names is deleted, the owner is told of its open task', async () => {
    const group = await owner.agent.post('/api/v1/team/groups').send({ name: 'Einkauf' }).expect(201);
    await owner.agent.post(`/api/v1/team/groups/${group.body.id}/members`).send({ userId: cara.userId }).expect(200);
    const instance = await startRequest(oneStep([{ kind: 'group', groupId: group.body.id }]), { name: 'Nils' });
    const task = await openTaskOf(cara, instance.submissionId);

    await owner.agent.delete(`/api/v1/team/groups/${group.body.id}`).expect(204);

    await noticeOf(owner, 'assigneeMissing', task.id);
    const after = await owner.agent.get(`/api/v1/submissions/${instance.submissionId}/workflow`).expect(200);
    expect(after.body.timeline.at(-1)).toMatchObject({
      kind: 'assigneeMissing',
      missing: [{ kind: 'group', isDeleted: true }],
    });
    // Cara keeps the task the group brought her.
    expect((await openTaskOf(cara, instance.submissionId)).id).toBe(task.id);
  });
});
