import type { TaskSummary } from '@formwerk/contracts';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { ApprovalTaskModel } from './approval-task.model';
import { WorkflowInstanceModel } from './workflow-instance.model';
import { findInstanceOfSubmission, followUpGraceMs, repairUnfollowedInstances } from './workflow-instances';
import {
  approvalStep,
  endNodes,
  graphOf,
  joinTeam,
  publishWorkflow,
  requestForm,
  useWorkflowJobs,
} from './workflow-test-helpers';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });
useWorkflowJobs();

let owner: Person;
let anna: Person;
let ben: Person;
let formId: string;

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'de');
  anna = await signUp(app, 'Anna', 'anna@example.com', 'de');
  ben = await signUp(app, 'Ben', 'ben@example.com', 'de');
  for (const person of [anna, ben]) await joinTeam(owner, person, 'member');
  formId = await createPublishedForm(owner.agent, requestForm);
  const graph = graphOf(
    [{ id: 'start', type: 'start' }, approvalStep('s1', [anna, ben], { rule: { kind: 'all' } }), ...endNodes],
    ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
  );
  await publishWorkflow(owner, { formIds: [formId], graph });
});

afterEach(() => vi.restoreAllMocks());

async function inboxOf(person: Person, tab = 'mine'): Promise<TaskSummary[]> {
  return (await person.agent.get(`/api/v1/approvals/tasks?tab=${tab}`).expect(200)).body.tasks;
}

/** Submits the form and waits until the started instance's task is in Anna's inbox. */
async function startRequest(name: string) {
  const { submissionId } = await submit(app, formId, { name });
  const tasks = await waitUntil(
    () => inboxOf(anna),
    (listed) => listed.some((task) => task.submissionId === submissionId),
  );
  const task = tasks.find((candidate) => candidate.submissionId === submissionId) as TaskSummary;
  const instance = await findInstanceOfSubmission(submissionId);
  if (!instance) throw new Error('The instance did not start');
  return { submissionId, taskId: task.id, instanceId: instance._id.toString() };
}

const isListed = async (person: Person, taskId: string, tab = 'mine') =>
  (await inboxOf(person, tab)).some((task) => task.id === taskId);

/** After the grace time, when an interrupted follow-up belongs to a process that is gone. */
const afterGrace = () => new Date(Date.now() + followUpGraceMs + 1000);

describe('repairing instances whose transition was not followed', () => {
  it('a transition followed to the end leaves no mark behind', async () => {
    const { instanceId } = await startRequest('Ida');
    // Cleared right after the inbox entries, mails and timer are in place.
    await waitUntil(
      () => WorkflowInstanceModel.findById(instanceId).lean(),
      (instance) => instance?.isFollowUpPending === false,
    );
  });

  it('when the api dies after storing a decision but before the inbox, the repair brings the inbox up to date', async () => {
    const { taskId, instanceId } = await startRequest('Jan');
    // The inbox writes fail as if the process had stopped right after the instance's update.
    vi.spyOn(ApprovalTaskModel, 'updateOne').mockRejectedValue(new Error('the api died'));
    const response = await anna.agent.post(`/api/v1/approvals/tasks/${taskId}/decision`).send({ outcome: 'approve' });
    expect(response.status).toBe(500);
    vi.restoreAllMocks();
    const stored = await WorkflowInstanceModel.findById(instanceId).lean();
    expect(stored?.isFollowUpPending).toBe(true);
    // The instance counted the vote; Anna's inbox still asks her for it.
    expect(await isListed(anna, taskId)).toBe(true);

    // Within the grace time, the process doing it may still be at work: left alone.
    await repairUnfollowedInstances(new Date());
    expect(await isListed(anna, taskId)).toBe(true);

    expect(await repairUnfollowedInstances(afterGrace())).toBeGreaterThanOrEqual(1);
    expect(await isListed(anna, taskId)).toBe(false);
    expect(await isListed(anna, taskId, 'done')).toBe(true);
    expect(await isListed(ben, taskId)).toBe(true);
    expect((await WorkflowInstanceModel.findById(instanceId).lean())?.isFollowUpPending).toBe(false);
  });

  it('rewrites lost and damaged entries of a marked instance from the instance, and does it again unchanged', async () => {
    const { taskId, instanceId } = await startRequest('Kai');
    await ApprovalTaskModel.deleteOne({ _id: `${taskId}:${anna.userId}` });
    await ApprovalTaskModel.updateOne(
      { _id: `${taskId}:${ben.userId}` },
      { $set: { box: 'done', status: 'approved', stepLabel: 'Kaputt' } },
    );
    await WorkflowInstanceModel.updateOne(
      { _id: instanceId },
      { $set: { isFollowUpPending: true, followUpPendingSince: new Date() } },
    );

    await repairUnfollowedInstances(afterGrace());
    await repairUnfollowedInstances(afterGrace());
    const annas = await inboxOf(anna);
    const bens = await inboxOf(ben);
    for (const tasks of [annas, bens]) {
      expect(tasks.filter((task) => task.id === taskId)).toEqual([
        expect.objectContaining({ status: 'open', stepLabel: 'Schritt s1' }),
      ]);
    }
    expect(await isListed(ben, taskId, 'done')).toBe(false);
  });
});
