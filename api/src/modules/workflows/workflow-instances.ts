import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Answers, Assignee, FormDefinition, WorkflowGraph } from '@formwerk/contracts';
import { Types } from 'mongoose';
import { isDuplicateKey, trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { queueFormSigningStart } from '../documents/form-signing/form-signing-queue';
import { findFormById } from '../forms/forms.service';
import { findGroup } from '../groups/groups.service';
import { findSubmissionById } from '../submissions/submissions.service';
import { findTeam } from '../teams/teams.service';
import { findUserByEmail, findUsersByIds } from '../users/users.service';
import { type ApprovalTask, ApprovalTaskModel, type InboxBox } from './approval-task.model';
import { findDelegates } from './delegates';
import {
  applyEvent,
  createInitialState,
  type EngineContext,
  type EngineEvent,
  type EngineMail,
  editableFieldIds,
  findAbsentUserIds,
  type InstanceState,
  isEnded,
  type PeopleDirectory,
  type Person,
  type TaskAssignee,
  type TaskState,
} from './workflow-engine';
import { type OutboxEntry, type WorkflowInstance, WorkflowInstanceModel } from './workflow-instance.model';
import { queueInstanceMails, queueInstanceTimers } from './workflow-queue';
import { readWorkflowVersion } from './workflow-versions';
import { countRunningInstance, findWorkflowById } from './workflows.service';

/**
 * Runs events through the engine against stored instances: read, compute, write with ONE
 * findOneAndUpdate guarded by the `rev` it was computed from (and the business condition, e.g. the
 * task still open). A write that lost to another is computed again from the state that won, so
 * concurrent decisions, retries and timers each count once, without transactions (decision 4).
 * After each write the inbox entries of the tasks it changed, its mails and its timer follow,
 * each idempotent; the write marks the instance until they are done, so a crash in between is
 * repaired by the next transition or by the repair job (repairUnfollowedInstances).
 */

const stateKeys = [
  'status',
  'answers',
  'requesterEmail',
  'nodeStates',
  'tasks',
  'decisions',
  'joinArrivals',
  'changesRequested',
  'timeline',
  'endedAt',
  'nextTimerAt',
] as const satisfies readonly (keyof InstanceState)[];

// Twenty approvers clicking at once each need a fresh try after every write that beat them.
const attemptsAtBusyInstance = 40;
// FerretDB v1 stalls on bulk writes of 50 statements and more (decision 013): inbox entries go in tens.
const inboxBatchSize = 10;
// A follow-up takes milliseconds: one still pending after this long belongs to a process that died.
export const followUpGraceMs = 2 * 60_000;
// Instances marked at one time are those in mid-transition and the few a crash left: a bound, not a page.
const repairBatchSize = 200;

export function stateOf(instance: WorkflowInstance): InstanceState {
  return Object.fromEntries(stateKeys.map((key) => [key, instance[key]])) as InstanceState;
}

/** The instance that holds the task, or null. */
export function findInstanceOfTask(taskId: string): Promise<WorkflowInstance | null> {
  return WorkflowInstanceModel.findOne({ taskIds: taskId }).lean<WorkflowInstance>();
}

export function findInstanceById(instanceId: string): Promise<WorkflowInstance | null> {
  return WorkflowInstanceModel.findById(instanceId).lean<WorkflowInstance>();
}

/** The team's running instances (small projection), by equality on {teamId, status}. */
export function findRunningInstancesOfTeam(teamId: number) {
  return WorkflowInstanceModel.find(
    { teamId, status: 'running' },
    { workflowName: 1, submissionId: 1, createdAt: 1 },
  ).lean<Pick<WorkflowInstance, '_id' | 'workflowName' | 'submissionId' | 'createdAt'>[]>();
}

export function findInstanceOfSubmission(submissionId: string): Promise<WorkflowInstance | null> {
  return WorkflowInstanceModel.findOne({ submissionId }).lean<WorkflowInstance>();
}

/** The first address typed into an email field, in the form's order: who asked, to tell them the outcome. */
function findRequesterEmail(form: FormDefinition, answers: Answers): string | null {
  for (const field of form.pages.flatMap((page) => page.fields)) {
    const value = answers[field.id];
    if (field.type === 'email' && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

function assigneesOf(graph: WorkflowGraph): Assignee[] {
  return graph.nodes.flatMap((node) => {
    if (node.type === 'approval')
      return [...node.assignees, ...(node.deadline?.escalateTo ? [node.deadline.escalateTo] : [])];
    if (node.type === 'notify') return node.recipients;
    return [];
  });
}

const toPerson = (user: { _id: Types.ObjectId; name: string; email: string; locale: 'de' | 'en' }): Person => ({
  userId: user._id.toString(),
  email: user.email,
  name: user.name,
  locale: user.locale,
});

/**
 * The people the graph can reach, as they are now: members of the team named directly or through a
 * group (someone who left the team gets no more tasks of it), accounts behind the addresses typed into
 * the form, the delegates of those who are away, and the team's owner and admins.
 */
export async function readPeople(
  teamId: number,
  graph: WorkflowGraph,
  answers: Answers,
  requesterEmail: string | null,
): Promise<PeopleDirectory> {
  const assignees = assigneesOf(graph);
  const team = await findTeam(teamId);
  const memberIds = new Set(team?.members.map((member) => member.userId.toString()) ?? []);
  const adminIds = new Set(
    team?.members.filter((member) => member.role !== 'member').map((member) => member.userId.toString()) ?? [],
  );
  const groups = new Map<string, string[]>();
  for (const groupId of new Set(
    assignees.flatMap((assignee) => (assignee.kind === 'group' ? [assignee.groupId] : [])),
  )) {
    const group = await findGroup(teamId, groupId).catch((error: unknown) => {
      // A group deleted since the version was published is left out: the engine reports it as deleted.
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!group) continue;
    groups.set(
      groupId,
      group.members.map((member) => member.userId).filter((userId) => memberIds.has(userId)),
    );
  }
  const userIds = new Set([
    ...assignees.flatMap((assignee) => (assignee.kind === 'user' ? [assignee.userId] : [])),
    ...[...groups.values()].flat(),
  ]);
  const found = (
    await findUsersByIds([...new Set([...userIds, ...adminIds])].filter((userId) => memberIds.has(userId)))
  ).map(toPerson);
  const users = found.filter((person) => person.userId !== null && userIds.has(person.userId));
  const byEmail = new Map<string, Person>();
  const emails = assignees.flatMap((assignee) => {
    const value = assignee.kind === 'answer' ? answers[assignee.fieldId] : undefined;
    return typeof value === 'string' ? [value] : [];
  });
  for (const email of new Set([...emails, requesterEmail ?? ''].map((value) => value.trim().toLowerCase()))) {
    if (email === '') continue;
    const user = await findUserByEmail(email);
    if (user) byEmail.set(email, toPerson(user));
  }
  const people = [...users, ...byEmail.values()];
  return {
    users: new Map(users.map((person) => [person.userId ?? '', person])),
    groups,
    byEmail,
    delegates: await findDelegates(people.flatMap((person) => (person.userId ? [person.userId] : []))),
    admins: found.filter((person) => person.userId !== null && adminIds.has(person.userId)),
  };
}

function createContext(
  instance: Pick<WorkflowInstance, 'workflowId' | 'workflowName' | 'form' | 'submissionId'>,
  graph: WorkflowGraph,
  people: PeopleDirectory,
): EngineContext {
  return {
    graph,
    form: instance.form,
    workflowId: instance.workflowId.toString(),
    workflowName: instance.workflowName,
    submissionId: instance.submissionId.toString(),
    people,
    now: new Date(),
    createId: () => new Types.ObjectId().toString(),
  };
}

/** New outbox entries by a fresh id each; a transition adds them under their own paths, never the whole outbox. */
function toOutbox(mails: EngineMail[]): Record<string, OutboxEntry> {
  return Object.fromEntries(
    mails.map(({ userId, ...mail }) => [randomUUID().replaceAll('-', ''), { mail, userId, sendingSince: null }]),
  );
}

/**
 * Starts the workflow of a stored submission on the workflow's newest published version, once: the
 * unique index on `submissionId` turns a second run of the job into a repair of the first (its inbox
 * entries, mails and timer). Nothing starts for a workflow deleted or never published since.
 */
export async function startInstance({ submissionId, workflowId }: { submissionId: string; workflowId: string }) {
  const existing = await findInstanceOfSubmission(submissionId);
  if (existing) return followTransition(existing, null);
  const [submission, workflow] = await Promise.all([findSubmissionById(submissionId), findWorkflowById(workflowId)]);
  if (!submission || !workflow || workflow.publishedVersion == null) return;
  const [version, form] = await Promise.all([
    readWorkflowVersion(workflowId, workflow.publishedVersion),
    findFormById(submission.formId.toString()),
  ]);
  const definition = form?.publishedDefinition ?? form?.definition;
  if (!definition) return;
  const base = {
    teamId: submission.teamId,
    workflowId: workflow._id,
    workflowName: version.name,
    version: version.version,
    formId: submission.formId,
    form: definition,
    submissionId: submission._id,
    submissionNumber: submission.seq ?? null,
  };
  const requesterEmail = findRequesterEmail(definition, submission.answers);
  const people = await readPeople(submission.teamId, version.graph, submission.answers, requesterEmail);
  const initial = createInitialState(submission.answers, requesterEmail);
  const { state, mails } = applyEvent(createContext(base, version.graph, people), initial, { type: 'start' });
  let instance: WorkflowInstance;
  try {
    const created = await WorkflowInstanceModel.create({
      ...base,
      ...state,
      ...indexedFieldsOf(state),
      rev: 1,
      outbox: toOutbox(mails),
    });
    instance = created.toObject() as WorkflowInstance;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const first = await findInstanceOfSubmission(submissionId);
    if (first) await followTransition(first, null);
    return;
  }
  if (!isEnded(instance.status)) await countRunningInstance(workflowId, 1);
  await followTransition(instance, null);
}

/** What a write stores besides the engine's state: the fields found by equality, and the follow-up mark. */
function indexedFieldsOf(state: InstanceState) {
  return {
    taskIds: Object.keys(state.tasks),
    absentUserIds: findAbsentUserIds(state),
    isFollowUpPending: true,
    followUpPendingSince: new Date(),
  };
}

type TransitionOptions = {
  /** Extra conditions of the update besides `rev`, e.g. the task still open. */
  guard?: Record<string, unknown>;
  /** The answers to resolve addresses of (a resubmission brings new ones). */
  answers?: Answers;
  /**
   * The caller, a job, sends the outbox itself right after: no mail job is queued. A job that ends
   * before it sent is run again, and its second transition changes nothing but sends what is left.
   */
  isMailedByCaller?: boolean;
};

/**
 * Applies one event to the instance as stored, retrying on a newer state when another write won. The
 * event is made from the instance read, so a refusal (AppError) always judges the current state.
 */
export async function transitionInstance(
  instanceId: string,
  makeEvent: (instance: WorkflowInstance) => EngineEvent,
  options: TransitionOptions = {},
): Promise<WorkflowInstance> {
  let people: PeopleDirectory | undefined;
  for (let attempt = 1; attempt <= attemptsAtBusyInstance; attempt += 1) {
    const instance = await findInstanceById(instanceId);
    if (!instance) throw new AppError('NOT_FOUND', 404, 'No such workflow instance');
    const { graph } = await readWorkflowVersion(instance.workflowId.toString(), instance.version);
    const event = makeEvent(instance);
    people ??= await readPeople(instance.teamId, graph, options.answers ?? instance.answers, instance.requesterEmail);
    const result = applyEvent(createContext(instance, graph, people), stateOf(instance), event);
    if (!result.hasChanged) return instance;
    const outbox = Object.entries(toOutbox(result.mails)).map(([id, entry]) => [`outbox.${id}`, entry]);
    const updated = await WorkflowInstanceModel.findOneAndUpdate(
      { _id: instanceId, rev: instance.rev, ...options.guard },
      {
        $set: { ...result.state, ...indexedFieldsOf(result.state), ...Object.fromEntries(outbox) },
        $inc: { rev: 1 },
      },
      { new: true, lean: true },
    );
    if (updated) {
      const stored = updated as unknown as WorkflowInstance;
      if (!isEnded(instance.status) && isEnded(stored.status)) {
        await countRunningInstance(stored.workflowId.toString(), -1);
      }
      await followTransition(stored, instance, { isMailedByCaller: options.isMailedByCaller });
      return stored;
    }
    // Another write won: a short, varied pause keeps many losers from colliding again at once.
    await sleep(Math.random() * 10 * Math.min(attempt, 5));
  }
  throw new Error(`Instance ${instanceId} stayed too busy to change`);
}

/**
 * What follows a stored transition: the inbox entries of the changed tasks (of all, without
 * `previous`), the mails, the timer; then the instance's follow-up mark is cleared, unless a newer
 * transition set it again meanwhile (that one clears its own).
 */
async function followTransition(
  instance: WorkflowInstance,
  previous: WorkflowInstance | null,
  { isRepair = false, isMailedByCaller = false } = {},
): Promise<void> {
  const changed = Object.values(instance.tasks).filter(
    (task) => JSON.stringify(task) !== JSON.stringify(previous?.tasks[task.id]),
  );
  const { graph } = await readWorkflowVersion(instance.workflowId.toString(), instance.version);
  await syncInboxEntries(instance, graph, changed, { isRepair });
  if (Object.keys(instance.outbox).length > 0 && !isMailedByCaller) await queueInstanceMails(instance._id.toString());
  if (instance.nextTimerAt && instance.nextTimerAt !== previous?.nextTimerAt) {
    await queueInstanceTimers(instance._id.toString(), new Date(instance.nextTimerAt));
  }
  // Approved: the form's document to sign, if it sends one, goes to the respondent now. A repair queues
  // it again; it is sent once per submission all the same.
  if (instance.status === 'approved' && previous?.status !== 'approved') {
    await queueFormSigningStart(instance.submissionId.toString());
  }
  if (instance.isFollowUpPending !== false) {
    await WorkflowInstanceModel.updateOne(
      { _id: instance._id, rev: instance.rev },
      { $set: { isFollowUpPending: false, followUpPendingSince: null } },
      { timestamps: false },
    );
  }
}

/**
 * Redoes the follow-up of instances whose transition was stored but not followed (the api died in
 * between: the inbox shows an older state, a mail or a timer was never queued): finds them by
 * equality on their mark, leaves those still within `followUpGraceMs` to their own process, and
 * rewrites every task's inbox entries from the instance. Idempotent: a repair racing the regular
 * follow-up, or another repair, writes the same entries. Answers how many it repaired.
 */
export async function repairUnfollowedInstances(now = new Date()): Promise<number> {
  const marked = await WorkflowInstanceModel.find({ isFollowUpPending: true }, { followUpPendingSince: 1 })
    .limit(repairBatchSize)
    .lean<Pick<WorkflowInstance, '_id' | 'followUpPendingSince'>[]>();
  let repaired = 0;
  for (const { _id, followUpPendingSince } of marked) {
    if (followUpPendingSince && now.getTime() - followUpPendingSince.getTime() < followUpGraceMs) continue;
    const instance = await findInstanceById(_id.toString());
    if (!instance?.isFollowUpPending) continue;
    await followTransition(instance, null, { isRepair: true });
    repaired += 1;
  }
  return repaired;
}

/** Where the task is listed for the assignee (approval-task.model.ts). */
function boxOf(task: TaskState, assignee: TaskAssignee): InboxBox {
  const userId = assignee.userId;
  if (assignee.vote || (task.status !== 'open' && task.claimedBy === userId)) return 'done';
  if (assignee.isRemoved) return 'none';
  if (task.status !== 'open') return task.mode === 'vote' ? 'done' : 'none';
  if (task.mode === 'vote') return 'mine';
  if (task.claimedBy === null) return 'pool';
  return task.claimedBy === userId ? 'mine' : 'none';
}

/** A step whose screen asks nothing of the approver: bulk approval may decide it. */
export function asksNothing(graph: WorkflowGraph, task: Pick<TaskState, 'screenId'>): boolean {
  const screen = graph.screens.find((candidate) => candidate.id === task.screenId);
  if (!screen) return true;
  return editableFieldIds(graph, task.screenId).length === 0 && !screen.extraFields.some((field) => field.required);
}

function toInboxEntry(
  instance: WorkflowInstance,
  graph: WorkflowGraph,
  task: TaskState,
  assignee: TaskAssignee & { userId: string },
): ApprovalTask {
  const claimer = task.assignees.find((candidate) => candidate.userId !== null && candidate.userId === task.claimedBy);
  const formTitle = instance.form.title;
  return {
    _id: `${task.id}:${assignee.userId}`,
    userId: assignee.userId,
    box: boxOf(task, assignee),
    instanceRev: instance.rev,
    teamId: instance.teamId,
    taskId: task.id,
    instanceId: instance._id.toString(),
    workflowId: instance.workflowId.toString(),
    workflowName: instance.workflowName,
    stepLabel: task.stepLabel,
    formId: instance.formId.toString(),
    formTitle,
    submissionId: instance.submissionId.toString(),
    submissionNumber: instance.submissionNumber,
    requester: instance.requesterEmail,
    mode: task.mode,
    status: task.status,
    claimedBy: claimer?.name ?? null,
    onBehalfOf: assignee.onBehalfOf,
    createdAt: new Date(task.createdAt),
    dueAt: task.deadline ? new Date(task.deadline.dueAt) : null,
    closedAt: task.decidedAt ? new Date(task.decidedAt) : null,
    canBulkApprove: asksNothing(graph, task),
    searchText: [
      instance.workflowName,
      task.stepLabel,
      formTitle,
      instance.requesterEmail ?? '',
      instance.submissionNumber === null ? '' : `#${instance.submissionNumber}`,
    ]
      .join(' ')
      .toLowerCase(),
  };
}

/**
 * Writes each changed task's entry per person, only over an entry of an older instance revision: of
 * two syncs that overlap, the newer state stays (the older finds the filter unmatched, and its upsert
 * then breaks the unique `_id`, which is what it should do). A repair writes over entries of the same
 * revision too: derived from the same state they can only differ if something damaged them.
 */
async function syncInboxEntries(
  instance: WorkflowInstance,
  graph: WorkflowGraph,
  tasks: TaskState[],
  { isRepair }: { isRepair: boolean },
): Promise<void> {
  const entries = tasks.flatMap((task) =>
    task.assignees.flatMap((assignee) =>
      assignee.userId === null || assignee.isRequester
        ? []
        : [toInboxEntry(instance, graph, task, { ...assignee, userId: assignee.userId })],
    ),
  );
  for (let index = 0; index < entries.length; index += inboxBatchSize) {
    await Promise.all(
      entries.slice(index, index + inboxBatchSize).map(async ({ _id, ...entry }) => {
        try {
          await ApprovalTaskModel.updateOne(
            { _id, instanceRev: trusted(isRepair ? { $lte: entry.instanceRev } : { $lt: entry.instanceRev }) },
            { $set: entry },
            { upsert: true },
          );
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }),
    );
  }
}
