import {
  type Answers,
  type ApprovalsOverviewResponse,
  type BulkDecisionResponse,
  type FormDefinition,
  type InboxResponse,
  type InboxTab,
  type InstanceResponse,
  type TaskDetailResponse,
  type TaskSummary,
  type ValidationIssue,
  validateAnswers,
  type WorkflowGraph,
  type WorkflowScreen,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { isSubmissionOfTeam } from '../submissions/submissions.service';
import { managerRoles } from '../teams/require-team-role';
import { findMembership, isTeamMember } from '../teams/teams.service';
import { findUserById } from '../users/users.service';
import { type ApprovalTask, ApprovalTaskModel } from './approval-task.model';
import {
  type Actor,
  type EngineEvent,
  editableFieldIds,
  isEnded,
  type Person,
  refuseDecision,
  resubmittableFieldIds,
  type TaskAssignee,
  type TaskState,
} from './workflow-engine';
import type { WorkflowInstance } from './workflow-instance.model';
import {
  asksNothing,
  findInstanceById,
  findInstanceOfSubmission,
  findInstanceOfTask,
  findRunningInstancesOfTeam,
  stateOf,
  transitionInstance,
} from './workflow-instances';
import { readWorkflowVersion } from './workflow-versions';
import { countRunningInstancesOfTeam } from './workflows.service';

type Session = { userId: string; teamId: number };
type DecisionInput = {
  outcome: 'approve' | 'reject' | 'requestChanges';
  comment: string;
  answers: Record<string, unknown>;
  extra: Record<string, unknown>;
};
type InboxQuery = { tab: InboxTab; workflowId?: string | undefined; search: string; page: number; pageSize: number };

/** Instances running longer than this show on the admins' overview as stuck. */
const stuckAfterMs = 30 * 24 * 3_600_000;
const dueFirstCount = 5;

function noSuchTask(): AppError {
  return new AppError('NOT_FOUND', 404, 'No such task');
}

async function findActor(userId: string): Promise<Actor> {
  const user = await findUserById(userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, 'Not signed in');
  return { userId, name: user.name, email: user.email };
}

async function isManagerOf(teamId: number, userId: string): Promise<boolean> {
  const membership = await findMembership(teamId, userId);
  return membership !== null && managerRoles.includes(membership.role);
}

const sameAddress = (left: string | null, right: string | null) =>
  left !== null && right !== null && left.trim().toLowerCase() === right.trim().toLowerCase();

const isOverdue = (status: string, dueAt: Date | null, now: Date) =>
  status === 'open' && dueAt !== null && dueAt.getTime() <= now.getTime();

// --- the inbox ---

function entryToSummary(entry: ApprovalTask, now: Date): TaskSummary {
  return {
    id: entry.taskId,
    instanceId: entry.instanceId,
    workflowId: entry.workflowId,
    workflowName: entry.workflowName,
    stepLabel: entry.stepLabel,
    formId: entry.formId,
    formTitle: entry.formTitle,
    submissionId: entry.submissionId,
    submissionNumber: entry.submissionNumber ?? null,
    requester: entry.requester ?? null,
    mode: entry.mode,
    status: entry.status,
    claimedBy: entry.claimedBy ?? null,
    onBehalfOf: entry.onBehalfOf ?? null,
    createdAt: entry.createdAt.toISOString(),
    dueAt: entry.dueAt ? entry.dueAt.toISOString() : null,
    isOverdue: isOverdue(entry.status, entry.dueAt ?? null, now),
    canBulkApprove: entry.canBulkApprove,
  };
}

/** Due first (those without a deadline last), then oldest first. */
function compareOpen(left: ApprovalTask, right: ApprovalTask): number {
  const leftDue = left.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const rightDue = right.dueAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (leftDue !== rightDue) return leftDue < rightDue ? -1 : 1;
  return left.createdAt.getTime() - right.createdAt.getTime();
}

/** The user's open entries, by equality on {userId, box}; a person has at most hundreds of them. */
async function findOpenEntries(userId: string) {
  const [mine, pool] = await Promise.all([
    ApprovalTaskModel.find({ userId, box: 'mine' }).lean<ApprovalTask[]>(),
    ApprovalTaskModel.find({ userId, box: 'pool' }).lean<ApprovalTask[]>(),
  ]);
  return { mine: mine.sort(compareOpen), pool: pool.sort(compareOpen) };
}

function countTabs(open: { mine: ApprovalTask[]; pool: ApprovalTask[] }, now: Date) {
  return {
    mine: open.mine.length,
    pool: open.pool.length,
    delegated: open.mine.filter((entry) => entry.onBehalfOf).length,
    overdue: [...open.mine, ...open.pool].filter((entry) => isOverdue(entry.status, entry.dueAt ?? null, now)).length,
  };
}

export async function findInbox(userId: string, query: InboxQuery): Promise<InboxResponse> {
  const now = new Date();
  const open = await findOpenEntries(userId);
  let entries: ApprovalTask[];
  switch (query.tab) {
    case 'mine':
    case 'pool':
      entries = open[query.tab];
      break;
    case 'delegated':
      entries = open.mine.filter((entry) => entry.onBehalfOf);
      break;
    case 'overdue':
      entries = [...open.mine, ...open.pool]
        .filter((entry) => isOverdue(entry.status, entry.dueAt ?? null, now))
        .sort(compareOpen);
      break;
    case 'done':
      entries = (await ApprovalTaskModel.find({ userId, box: 'done' }).lean<ApprovalTask[]>()).sort(
        (left, right) => (right.closedAt ?? right.createdAt).getTime() - (left.closedAt ?? left.createdAt).getTime(),
      );
      break;
  }
  const search = query.search.toLowerCase();
  const matching = entries.filter(
    (entry) =>
      (!query.workflowId || entry.workflowId === query.workflowId) && (!search || entry.searchText.includes(search)),
  );
  const { page, pageSize } = query;
  return {
    tasks: matching.slice((page - 1) * pageSize, page * pageSize).map((entry) => entryToSummary(entry, now)),
    total: matching.length,
    page,
    pageSize,
    counts: countTabs(open, now),
  };
}

export async function findOverview(session: Session): Promise<ApprovalsOverviewResponse> {
  const now = new Date();
  const [open, running, isManager] = await Promise.all([
    findOpenEntries(session.userId),
    countRunningInstancesOfTeam(session.teamId),
    isManagerOf(session.teamId, session.userId),
  ]);
  const mineInTeam = open.mine.filter((entry) => entry.teamId === session.teamId).length;
  return {
    counts: { ...countTabs(open, now), waitingOnOthers: Math.max(0, running - mineInTeam) },
    dueFirst: open.mine.slice(0, dueFirstCount).map((entry) => entryToSummary(entry, now)),
    stuck: isManager ? await findStuckInstances(session.teamId, now) : [],
  };
}

/** Running instances of the team older than `stuckAfterMs`, by equality on {teamId, status}. */
async function findStuckInstances(teamId: number, now: Date): Promise<ApprovalsOverviewResponse['stuck']> {
  const running = await findRunningInstancesOfTeam(teamId);
  return running
    .filter((instance) => now.getTime() - instance.createdAt.getTime() > stuckAfterMs)
    .sort((left, right) => left.createdAt.getTime() - right.createdAt.getTime())
    .slice(0, 20)
    .map((instance) => ({
      instanceId: instance._id.toString(),
      submissionId: instance.submissionId.toString(),
      workflowName: instance.workflowName,
      startedAt: instance.createdAt.toISOString(),
    }));
}

// --- one task ---

type TaskView = {
  instance: WorkflowInstance;
  task: TaskState;
  graph: WorkflowGraph;
  viewer: Actor;
  /** The viewer's place among the approvers (also after deciding or handing on); null for a manager only reading. */
  assignee: TaskAssignee | null;
  isManager: boolean;
};

/** The task as the viewer may see it: its assignees (pool members too) and the team's managers; others 404. */
async function readTask(userId: string, taskId: string): Promise<TaskView> {
  const [instance, viewer] = await Promise.all([findInstanceOfTask(taskId), findActor(userId)]);
  const task = instance?.tasks[taskId];
  if (!instance || !task) throw noSuchTask();
  // Someone who handed the task on still reads it (they took part), without acting on it.
  const assignee = task.assignees.find((candidate) => candidate.userId === userId) ?? null;
  const isManager = await isManagerOf(instance.teamId, userId);
  if (!assignee && !isManager) throw noSuchTask();
  const { graph } = await readWorkflowVersion(instance.workflowId.toString(), instance.version);
  return { instance, task, graph, viewer, assignee, isManager };
}

function screenOf(graph: WorkflowGraph, task: Pick<TaskState, 'screenId'>): WorkflowScreen | null {
  return graph.screens.find((screen) => screen.id === task.screenId) ?? null;
}

function toTaskSummary({ instance, task, graph, assignee }: TaskView, now: Date): TaskSummary {
  const claimer = task.assignees.find((candidate) => candidate.userId !== null && candidate.userId === task.claimedBy);
  const dueAt = task.deadline ? new Date(task.deadline.dueAt) : null;
  return {
    id: task.id,
    instanceId: instance._id.toString(),
    workflowId: instance.workflowId.toString(),
    workflowName: instance.workflowName,
    stepLabel: task.stepLabel,
    formId: instance.formId.toString(),
    formTitle: instance.form.title,
    submissionId: instance.submissionId.toString(),
    submissionNumber: instance.submissionNumber,
    requester: instance.requesterEmail,
    mode: task.mode,
    status: task.status,
    claimedBy: claimer?.name ?? null,
    onBehalfOf: assignee?.onBehalfOf ?? null,
    createdAt: task.createdAt,
    dueAt: dueAt?.toISOString() ?? null,
    isOverdue: isOverdue(task.status, dueAt, now),
    canBulkApprove: asksNothing(graph, task),
  };
}

function toTaskDetail(view: TaskView): TaskDetailResponse {
  const { instance, task, graph, viewer, assignee, isManager } = view;
  const screen = screenOf(graph, task);
  const isOpen = task.status === 'open';
  const isActive = assignee !== null && !assignee.isRemoved;
  const isOwnRequest = sameAddress(viewer.email, instance.requesterEmail);
  const mayAct = isOpen && isActive && !assignee.isRequester && !isOwnRequest;
  const isPool = task.mode === 'pool';
  // Answers of fields the step's screen hides stay on the server.
  const answers = Object.fromEntries(
    Object.entries(instance.answers).filter(([fieldId]) => screen?.fields[fieldId] !== 'hidden'),
  );
  return {
    task: toTaskSummary(view, new Date()),
    rule: task.rule,
    votes: task.assignees
      .filter((candidate) => !candidate.isRequester && (!candidate.isRemoved || candidate.vote))
      .map((candidate) => ({
        name: candidate.name,
        outcome: candidate.vote?.outcome ?? null,
        at: candidate.vote?.at ?? null,
        onBehalfOf: candidate.onBehalfOf,
      })),
    form: instance.form,
    answers,
    screen,
    timeline: instance.timeline,
    decidedBy: isOpen ? null : task.decidedBy,
    can: {
      decide:
        mayAct && assignee.vote === null && (!isPool || task.claimedBy === null || task.claimedBy === viewer.userId),
      claim: mayAct && isPool && task.claimedBy === null,
      release: isOpen && isPool && task.claimedBy === viewer.userId,
      reassign: isOpen && (isManager || (isActive && assignee.vote === null)),
      isOwnRequest,
    },
  };
}

export async function findTaskDetail(userId: string, taskId: string): Promise<TaskDetailResponse> {
  return toTaskDetail(await readTask(userId, taskId));
}

function validationFailed(issues: ValidationIssue[]): AppError {
  return new AppError('VALIDATION_FAILED', 400, 'Some answers cannot be taken', { issues });
}

/**
 * Answers changed at a step: only fields its screen (or, resubmitting, the request for changes) lets
 * change, checked as the form checks them. Returns the cleaned values of the changed fields.
 */
function checkChangedAnswers(
  form: FormDefinition,
  current: Answers,
  changes: Record<string, unknown>,
  allowed: string[],
): Answers {
  const issues: ValidationIssue[] = Object.keys(changes)
    .filter((fieldId) => !allowed.includes(fieldId))
    .map((fieldId) => ({
      path: ['answers', fieldId],
      code: 'notEditable',
      message: 'This field may not be changed here',
    }));
  if (issues.length > 0) throw validationFailed(issues);
  const merged = { ...current, ...(changes as Answers) };
  const checked = validateAnswers(form, merged);
  const changedIssues = checked.issues.filter((issue) => issue.fieldId in changes);
  if (changedIssues.length > 0) {
    throw validationFailed(
      changedIssues.map((issue) => ({ path: ['answers', issue.fieldId], code: issue.code, message: issue.code })),
    );
  }
  // An answer emptied is stored empty: undefined values do not reach the database.
  return Object.fromEntries(Object.keys(changes).map((fieldId) => [fieldId, checked.values[fieldId] ?? '']));
}

const extraValueChecks: Record<WorkflowScreen['extraFields'][number]['type'], (value: unknown) => boolean> = {
  shortText: (value) => typeof value === 'string' && value.length <= 500,
  longText: (value) => typeof value === 'string' && value.length <= 10_000,
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  date: (value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  yesNo: (value) => typeof value === 'boolean',
};

/** The screen's extra fields as filled: known fields of the right type, the required ones to approve. */
function checkExtra(screen: WorkflowScreen | null, extra: Record<string, unknown>, isApproval: boolean) {
  const fields = screen?.extraFields ?? [];
  const issues: ValidationIssue[] = [];
  const values: Record<string, unknown> = {};
  for (const fieldId of Object.keys(extra)) {
    if (!fields.some((field) => field.id === fieldId)) {
      issues.push({ path: ['extra', fieldId], code: 'unknownField', message: 'The screen has no such field' });
    }
  }
  for (const field of fields) {
    const value = typeof extra[field.id] === 'string' ? (extra[field.id] as string).trim() : extra[field.id];
    const isEmpty = value === undefined || value === null || value === '';
    if (isEmpty) {
      if (field.required && isApproval)
        issues.push({ path: ['extra', field.id], code: 'required', message: 'required' });
      continue;
    }
    if (!extraValueChecks[field.type](value)) {
      issues.push({ path: ['extra', field.id], code: 'invalidValue', message: `A ${field.type} is expected` });
      continue;
    }
    values[field.id] = value;
  }
  if (issues.length > 0) throw validationFailed(issues);
  return values;
}

const taskOpenGuard = (taskId: string) => ({ [`tasks.${taskId}.status`]: 'open' });

export async function decideTask(userId: string, taskId: string, input: DecisionInput): Promise<TaskDetailResponse> {
  const view = await readTask(userId, taskId);
  const decision = { taskId, actor: view.viewer, outcome: input.outcome, comment: input.comment };
  // The refusals first, judged on the state as read (and again on the state written over).
  refuseDecision(stateOf(view.instance), decision);
  const screen = screenOf(view.graph, view.task);
  const editedAnswers = checkChangedAnswers(
    view.instance.form,
    view.instance.answers,
    input.answers,
    editableFieldIds(view.graph, view.task.screenId),
  );
  const extra = checkExtra(screen, input.extra, input.outcome === 'approve');
  await transitionInstance(
    view.instance._id.toString(),
    (): EngineEvent => ({ type: 'decide', ...decision, editedAnswers, extra }),
    { guard: taskOpenGuard(taskId) },
  );
  return findTaskDetail(userId, taskId);
}

async function changeTask(
  userId: string,
  taskId: string,
  makeEvent: (view: TaskView) => EngineEvent,
): Promise<TaskDetailResponse> {
  const view = await readTask(userId, taskId);
  await transitionInstance(view.instance._id.toString(), () => makeEvent(view), { guard: taskOpenGuard(taskId) });
  return findTaskDetail(userId, taskId);
}

export const claimTask = (userId: string, taskId: string) =>
  changeTask(userId, taskId, ({ viewer }) => ({ type: 'claim', taskId, actor: viewer }));

export const releaseTask = (userId: string, taskId: string) =>
  changeTask(userId, taskId, ({ viewer }) => ({ type: 'release', taskId, actor: viewer }));

export const commentOnTask = (userId: string, taskId: string, text: string) =>
  changeTask(userId, taskId, ({ viewer }) => ({ type: 'comment', taskId, actor: viewer, text }));

/** Hands the task (the caller's part, or a manager: everything undecided) to a member of the team. */
export async function reassignTask(
  userId: string,
  taskId: string,
  input: { userId: string; comment: string },
): Promise<TaskDetailResponse> {
  const view = await readTask(userId, taskId);
  const target = await findUserById(input.userId);
  if (!target || !(await isTeamMember(view.instance.teamId, input.userId))) {
    throw new AppError('NOT_TEAM_MEMBER', 400, 'Tasks go only to members of the team');
  }
  const to: Person = { userId: input.userId, email: target.email, name: target.name, locale: target.locale };
  return changeTask(userId, taskId, ({ viewer, isManager }) => ({
    type: 'reassign',
    taskId,
    actor: viewer,
    isManager,
    to,
    comment: input.comment,
  }));
}

/** Approves each task whose screen asks nothing; the others are skipped with the code that kept them. */
export async function decideInBulk(userId: string, taskIds: string[]): Promise<BulkDecisionResponse> {
  const response: BulkDecisionResponse = { approved: [], skipped: [] };
  for (const taskId of [...new Set(taskIds)]) {
    try {
      const view = await readTask(userId, taskId);
      if (!asksNothing(view.graph, view.task)) throw new AppError('INPUT_REQUIRED', 400, 'The step asks for input');
      await decideTask(userId, taskId, { outcome: 'approve', comment: '', answers: {}, extra: {} });
      response.approved.push(taskId);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      response.skipped.push({ taskId, code: error.code });
    }
  }
  return response;
}

// --- the request as a whole ---

/** The team's instance; another team's answers 404, like one that does not exist. */
type InstanceViewer = InstanceResponse['viewer'];

/**
 * Who the session is to the instance: a member of its team, or the person who asked (signed in with the
 * address the request came from: a respondent outside the team follows their mail's link, signs in or
 * up with that address, and sees where the request stands, withdraws or resubmits); else nobody.
 */
async function viewerOf(session: Session, instance: WorkflowInstance | null): Promise<InstanceViewer | null> {
  if (!instance) return null;
  const { userId } = session;
  if (instance.teamId === session.teamId && (await findMembership(session.teamId, userId))) return 'team';
  const user = await findUserById(userId);
  return user && sameAddress(user.email, instance.requesterEmail) ? 'requester' : null;
}

async function findInstanceForViewer(
  session: Session,
  instanceId: string,
): Promise<{ instance: WorkflowInstance; viewer: InstanceViewer }> {
  const instance = await findInstanceById(instanceId);
  const viewer = await viewerOf(session, instance);
  if (!instance || !viewer) throw new AppError('NOT_FOUND', 404, 'No such workflow instance');
  return { instance, viewer };
}

async function toInstanceResponse(instance: WorkflowInstance, viewer: InstanceViewer): Promise<InstanceResponse> {
  const { graph } = await readWorkflowVersion(instance.workflowId.toString(), instance.version);
  const changes = instance.changesRequested;
  return {
    id: instance._id.toString(),
    workflowId: instance.workflowId.toString(),
    workflowName: instance.workflowName,
    version: instance.version,
    status: instance.status,
    graph,
    nodeStates: instance.nodeStates,
    timeline: instance.timeline,
    startedAt: instance.createdAt.toISOString(),
    endedAt: instance.endedAt,
    changesRequested: changes
      ? { comment: changes.comment, by: changes.by, editableFieldIds: changes.editableFieldIds }
      : null,
    can: { withdraw: !isEnded(instance.status), resubmit: instance.status === 'changesRequested' },
    viewer,
  };
}

/** The workflow of a submission the team sees; 404 when it started none. */
export async function findSubmissionWorkflow(session: Session, submissionId: string): Promise<InstanceResponse> {
  const isOfTeam = await isSubmissionOfTeam(session, submissionId);
  const instance = await findInstanceOfSubmission(submissionId);
  const viewer = await viewerOf(session, instance);
  if (!instance || !viewer || (viewer === 'team' && !isOfTeam)) {
    throw new AppError('NOT_FOUND', 404, 'No workflow for this submission');
  }
  return toInstanceResponse(instance, viewer);
}

export async function withdrawInstance(session: Session, instanceId: string, comment: string) {
  const { viewer } = await findInstanceForViewer(session, instanceId);
  const actor = await findActor(session.userId);
  const instance = await transitionInstance(instanceId, () => ({ type: 'withdraw', actor, comment }));
  return toInstanceResponse(instance, viewer);
}

/**
 * Sends the request back to the step that asked for changes, with the changed answers (only the fields
 * that request lets change, checked as the form checks them); a new task opens there.
 */
export async function resubmitInstance(session: Session, instanceId: string, changes: Record<string, unknown>) {
  const { instance: current, viewer } = await findInstanceForViewer(session, instanceId);
  const request = current.changesRequested;
  if (current.status !== 'changesRequested' || !request) {
    throw new AppError('INSTANCE_CLOSED', 409, 'No changes are requested of this request');
  }
  const { graph } = await readWorkflowVersion(current.workflowId.toString(), current.version);
  const task = current.tasks[request.taskId];
  const allowed = resubmittableFieldIds(graph, current.form, task?.screenId ?? null);
  const checked = checkChangedAnswers(current.form, current.answers, changes, allowed);
  const actor = await findActor(session.userId);
  const instance = await transitionInstance(
    instanceId,
    // Against the answers as stored when written: an approver's edit meanwhile is kept.
    (stored) => ({
      type: 'resubmit',
      actor,
      answers: { ...stored.answers, ...checked },
      changedFieldIds: Object.keys(checked).filter(
        (fieldId) => JSON.stringify(checked[fieldId]) !== JSON.stringify(stored.answers[fieldId]),
      ),
    }),
    { answers: { ...current.answers, ...checked }, guard: { status: 'changesRequested' } },
  );
  return toInstanceResponse(instance, viewer);
}
