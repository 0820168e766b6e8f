import {
  type Answers,
  type ApprovalNode,
  type CompletionRule,
  emailSchema,
  evaluateCondition,
  type FormDefinition,
  type InstanceStatus,
  type Locale,
  type TaskStatus,
  type TimelineEntry,
  takesAnswer,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import type { MissingAssignee, WorkflowMailRequest } from '../mail/mail-messages';

/**
 * The approval engine: pure functions from (graph, instance state, event) to (new state, mails). No
 * database, no clock, no ids of its own: the service reads the instance, runs one event through here
 * and writes the result with one update guarded by the instance's `rev` (workflow-instances.ts), so
 * whatever races, every event is applied to the state it was computed from, or not at all.
 */

export type Person = { userId: string | null; email: string; name: string; locale: Locale };

export type Vote = {
  outcome: 'approved' | 'rejected' | 'changesRequested';
  at: string;
  comment: string;
  /** The screen's extra fields as the approver filled them. */
  extra: Record<string, unknown>;
};

export type TaskAssignee = Person & {
  /** The requester is shown the task but never decides it (no self-approval) and is not counted. */
  isRequester: boolean;
  vote: Vote | null;
  /** Reassigned away: no longer asked, not counted. */
  isRemoved: boolean;
  /** Delegation: the absent person's name this assignee stands in for. */
  onBehalfOf: string | null;
  /**
   * Delegation: the absent person's user id, so their part goes back to them when the absence ends
   * (instances stored before it was kept lack it: those parts stay with the delegate).
   */
  onBehalfOfUserId?: string | null;
};

export type TaskDeadlineState = {
  dueAt: string;
  /** When the reminder before the deadline is due, and whether it went out. */
  remindAt: string | null;
  isReminded: boolean;
  isBreached: boolean;
  /** After the deadline: the next repeated reminder. */
  nextReminderAt: string | null;
};

export type TaskState = {
  id: string;
  nodeId: string;
  stepLabel: string;
  mode: 'vote' | 'pool';
  rule: CompletionRule;
  screenId: string | null;
  status: TaskStatus;
  assignees: TaskAssignee[];
  /** Pool tasks: the user id of who claimed it. */
  claimedBy: string | null;
  createdAt: string;
  deadline: TaskDeadlineState | null;
  decidedAt: string | null;
  /** Who made the result certain (or withdrew the request); null for the system. */
  decidedBy: string | null;
};

export type NodeState = 'active' | 'approved' | 'rejected' | 'passed' | 'cancelled';

export type ChangesRequest = {
  taskId: string;
  nodeId: string;
  comment: string;
  by: string;
  editableFieldIds: string[];
};

export type InstanceState = {
  status: InstanceStatus;
  /** The submission's answers as the workflow sees them: approvers' and resubmitted edits included. */
  answers: Answers;
  requesterEmail: string | null;
  nodeStates: Record<string, NodeState>;
  /** Every task of the instance by id: the open ones and those done (for the history and the inbox). */
  tasks: Record<string, TaskState>;
  /** The outcome of each approval step decided, for conditions on earlier decisions. */
  decisions: Record<string, 'approved' | 'rejected'>;
  /** Ways that reached each join so far. */
  joinArrivals: Record<string, number>;
  changesRequested: ChangesRequest | null;
  timeline: TimelineEntry[];
  endedAt: string | null;
  /** The earliest deadline action of the open tasks; the timer job runs then. */
  nextTimerAt: string | null;
};

/** Who acts: a signed-in user (with their address, to refuse self-approval). */
export type Actor = { userId: string; name: string; email: string };

/** People a step may be assigned to, read by the service for the graph at hand. */
export type PeopleDirectory = {
  users: ReadonlyMap<string, Person>;
  groups: ReadonlyMap<string, string[]>;
  /** Accounts by lower-case address, for assignees typed into an email field and the requester. */
  byEmail: ReadonlyMap<string, Person>;
  /** Absences in force: a user's new tasks go to the delegate, for the workflow or all (phase 2). */
  delegates: ReadonlyMap<string, { delegate: Person; workflowIds: string[] }>;
  /** The team's owner and admins: told of escalations on `notify` and of assignees that reach nobody. */
  admins: readonly Person[];
};

/** An absence in force: whose tasks its delegate takes, in which workflows (none named: all). */
export type AbsenceInForce = { delegateUserId: string; workflowIds: string[] };

/** Who left while assigned: a member removed from the team (named, when known), or a group deleted. */
export type LostAssignee = { kind: 'user'; userId: string; name: string | null } | { kind: 'group'; groupId: string };

export type EngineContext = {
  graph: WorkflowGraph;
  form: FormDefinition;
  workflowId: string;
  workflowName: string;
  submissionId: string;
  people: PeopleDirectory;
  now: Date;
  createId: () => string;
};

export type EngineEvent =
  | { type: 'start' }
  | {
      type: 'decide';
      taskId: string;
      actor: Actor;
      outcome: 'approve' | 'reject' | 'requestChanges';
      comment: string;
      /** Answers of editable fields the approver changed (checked by the service). */
      editedAnswers: Answers;
      extra: Record<string, unknown>;
    }
  | { type: 'claim'; taskId: string; actor: Actor }
  | { type: 'release'; taskId: string; actor: Actor }
  | { type: 'reassign'; taskId: string; actor: Actor; isManager: boolean; to: Person; comment: string }
  | { type: 'comment'; taskId: string; actor: Actor; text: string }
  | { type: 'resubmit'; actor: Actor | null; answers: Answers; changedFieldIds: string[] }
  | { type: 'withdraw'; actor: Actor | null; comment: string }
  /** An absent approver's open part goes to their delegate (an absence saved with `includeOpen`). */
  | { type: 'delegate'; taskId: string; absent: Actor; to: Person }
  /**
   * The parts of `absent` that delegates hold and have not decided go back to them, except what the
   * absence still in force (if any) gives its delegate: run when an absence ends, shrinks or is removed.
   */
  | { type: 'returnDelegated'; absent: Person & { userId: string }; absence: AbsenceInForce | null }
  /** Reports the open tasks that `lost` leaves without someone (the teams and groups modules learn it first). */
  | { type: 'assigneeLost'; lost: LostAssignee }
  | { type: 'timer' };

/** A mail the event set off, with the account it goes to (for the notification centre), if any. */
export type EngineMail = WorkflowMailRequest & { userId: string | null };

export type EngineResult = {
  state: InstanceState;
  mails: EngineMail[];
  /** False when the event changed nothing (a claim repeated): there is nothing to write. */
  hasChanged: boolean;
};

/** The history an instance keeps; older entries fall off. */
export const timelineLimit = 200;

const terminalStatuses: ReadonlySet<InstanceStatus> = new Set(['approved', 'rejected', 'withdrawn', 'cancelled']);

export function isEnded(status: InstanceStatus): boolean {
  return terminalStatuses.has(status);
}

/** The state of an instance before its start event. */
export function createInitialState(answers: Answers, requesterEmail: string | null): InstanceState {
  return {
    status: 'running',
    answers,
    requesterEmail,
    nodeStates: {},
    tasks: {},
    decisions: {},
    joinArrivals: {},
    changesRequested: null,
    timeline: [],
    endedAt: null,
    nextTimerAt: null,
  };
}

const sameAddress = (left: string | null, right: string | null) =>
  left !== null && right !== null && left.trim().toLowerCase() === right.trim().toLowerCase();

/** The approvers counted by the step's rule: not removed, not the requester. */
export function countedAssignees(task: TaskState): TaskAssignee[] {
  return task.assignees.filter((assignee) => !assignee.isRemoved && !assignee.isRequester);
}

/** Approvals the rule needs among `voters` counted approvers; at most all of them (groups may be small). */
export function requiredApprovals(rule: CompletionRule, voters: number): number {
  switch (rule.kind) {
    case 'any':
      return Math.min(1, voters);
    case 'all':
      return voters;
    case 'atLeast':
      return Math.min(rule.count, voters);
    case 'percent':
      return Math.ceil((voters * rule.percent) / 100);
    case 'majority':
      return Math.floor(voters / 2) + 1;
  }
}

/**
 * The step's result as soon as it is certain: approved once enough approved; rejected once the
 * approvals given plus the votes still possible cannot reach what is needed (a veto for `all`, the
 * last "no" for `any`). Undecided while it could go either way, and while nobody can vote at all (a
 * manager reassigns such a step rather than it deciding itself).
 */
export function resultOf(task: Pick<TaskState, 'rule' | 'assignees'>): 'approved' | 'rejected' | null {
  const voters = task.assignees.filter((assignee) => !assignee.isRemoved && !assignee.isRequester);
  if (voters.length === 0) return null;
  const approvals = voters.filter((voter) => voter.vote?.outcome === 'approved').length;
  const pending = voters.filter((voter) => voter.vote === null).length;
  const needed = requiredApprovals(task.rule, voters.length);
  if (approvals >= needed) return 'approved';
  if (approvals + pending < needed) return 'rejected';
  return null;
}

/**
 * Whether the open task loses someone by `lost`: the removed member's undecided part, or the members
 * that a group the step names (now deleted) brought in.
 */
export function losesAssignee(graph: WorkflowGraph, task: TaskState, lost: LostAssignee): boolean {
  if (task.status !== 'open') return false;
  if (lost.kind === 'user') {
    return task.assignees.some(
      (assignee) => assignee.userId === lost.userId && !assignee.isRemoved && assignee.vote === null,
    );
  }
  const node = graph.nodes.find((candidate) => candidate.id === task.nodeId);
  return (
    node?.type === 'approval' &&
    node.assignees.some((assignee) => assignee.kind === 'group' && assignee.groupId === lost.groupId)
  );
}

/**
 * The users whose part of an open task a delegate holds undecided: the instance lists them (indexed),
 * so the end of an absence finds what to give back by equality.
 */
export function findAbsentUserIds(state: Pick<InstanceState, 'tasks'>): string[] {
  const userIds = new Set<string>();
  for (const task of Object.values(state.tasks)) {
    if (task.status !== 'open') continue;
    for (const assignee of task.assignees) {
      if (assignee.onBehalfOfUserId && !assignee.isRemoved && assignee.vote === null) {
        userIds.add(assignee.onBehalfOfUserId);
      }
    }
  }
  return [...userIds];
}

/** The form fields an approver may change at a step: those its screen marks editable. */
export function editableFieldIds(graph: WorkflowGraph, screenId: string | null): string[] {
  const screen = graph.screens.find((candidate) => candidate.id === screenId);
  if (!screen) return [];
  return Object.entries(screen.fields)
    .filter(([, access]) => access === 'editable')
    .map(([fieldId]) => fieldId);
}

/** What a requester may change after changes were asked: the step's editable fields, else every answer. */
export function resubmittableFieldIds(graph: WorkflowGraph, form: FormDefinition, screenId: string | null): string[] {
  const editable = editableFieldIds(graph, screenId);
  if (editable.length > 0) return editable;
  return form.pages
    .flatMap((page) => page.fields)
    .filter((field) => takesAnswer(field) && field.type !== 'calculated')
    .map((field) => field.id);
}

/** The join that closes a split: the first join met at the split's own depth of nesting. */
export function closingJoinOf(graph: WorkflowGraph, splitId: string): string | null {
  const nodes = new Map(graph.nodes.map((node) => [node.id, node]));
  const seen = new Set<string>();
  const walk = (nodeId: string, depth: number): string | null => {
    const key = `${nodeId}@${depth}`;
    const node = nodes.get(nodeId);
    if (!node || seen.has(key)) return null;
    seen.add(key);
    if (node.type === 'join' && depth === 0) return node.id;
    const next = node.type === 'split' ? depth + 1 : node.type === 'join' ? depth - 1 : depth;
    for (const edge of graph.edges.filter((candidate) => candidate.source === nodeId)) {
      const found = walk(edge.target, next);
      if (found) return found;
    }
    return null;
  };
  for (const edge of graph.edges.filter((candidate) => candidate.source === splitId)) {
    const found = walk(edge.target, 0);
    if (found) return found;
  }
  return null;
}

/** How many ways must reach a join before it goes on: the ways its split started. */
function expectedArrivals(graph: WorkflowGraph, joinId: string): number {
  const split = graph.nodes.find((node) => node.type === 'split' && closingJoinOf(graph, node.id) === joinId);
  return split ? graph.edges.filter((edge) => edge.source === split.id).length : 1;
}

function isPast(at: string | null, now: Date): boolean {
  return at !== null && new Date(at).getTime() <= now.getTime();
}

function findTask(state: InstanceState, taskId: string): TaskState {
  const task = state.tasks[taskId];
  if (!task) throw new AppError('NOT_FOUND', 404, 'No such task');
  return task;
}

/** TASK_CLOSED, naming who decided, for a task no longer open, or no longer open to this assignee. */
function refuseClosed(task: TaskState, assignee?: TaskAssignee): void {
  if (task.status !== 'open') {
    throw new AppError('TASK_CLOSED', 409, 'The task is no longer open', {
      decidedBy: task.decidedBy,
      status: task.status,
    });
  }
  if (assignee?.vote) {
    throw new AppError('TASK_CLOSED', 409, 'You decided this task already', {
      decidedBy: assignee.name,
      status: assignee.vote.outcome,
    });
  }
}

/** The actor's place among the task's approvers; NOT_ASSIGNED or SELF_APPROVAL when they have none. */
function findApprover(state: InstanceState, task: TaskState, actor: Actor): TaskAssignee {
  const assignee = task.assignees.find((candidate) => !candidate.isRemoved && candidate.userId === actor.userId);
  if (!assignee) throw new AppError('NOT_ASSIGNED', 403, 'You are not an approver of this task');
  if (assignee.isRequester || sameAddress(actor.email, state.requesterEmail)) {
    throw new AppError('SELF_APPROVAL', 403, 'Nobody approves their own request');
  }
  return assignee;
}

/**
 * Throws the refusal a decision meets in this state, in the order the approver should learn them: the
 * task closed, not theirs, their own request, a comment missing. Nothing when it may be decided.
 */
export function refuseDecision(
  state: InstanceState,
  decision: Pick<Extract<EngineEvent, { type: 'decide' }>, 'taskId' | 'actor' | 'outcome' | 'comment'>,
): TaskAssignee {
  const task = findTask(state, decision.taskId);
  refuseClosed(task);
  const assignee = findApprover(state, task, decision.actor);
  refuseClosed(task, assignee);
  if (task.mode === 'pool' && task.claimedBy !== null && task.claimedBy !== decision.actor.userId) {
    throw new AppError('NOT_ASSIGNED', 403, 'Another approver claimed this task');
  }
  if (decision.outcome !== 'approve' && decision.comment.trim() === '') {
    throw new AppError('COMMENT_REQUIRED', 400, 'Rejecting or requesting changes needs a comment');
  }
  return assignee;
}

/**
 * One event applied to a copy of the state. Refusals (a closed task, someone not assigned, a missing
 * comment) throw AppError with the code the api answers, before anything changed.
 */
export function applyEvent(context: EngineContext, current: InstanceState, event: EngineEvent): EngineResult {
  const run = new EngineRun(context, structuredClone(current));
  run.apply(event);
  return { state: run.state, mails: run.mails, hasChanged: run.hasChanged };
}

/** The state of one event's run: what it changed and the mails it set off. */
class EngineRun {
  readonly mails: EngineMail[] = [];
  hasChanged = true;
  /** Who set this event off, named on the tasks it closes (TASK_CLOSED says who). */
  private actorName: string | null = null;
  private readonly nodes: Map<string, WorkflowNode>;

  constructor(
    private readonly context: EngineContext,
    readonly state: InstanceState,
  ) {
    this.nodes = new Map(context.graph.nodes.map((node) => [node.id, node]));
  }

  private get at(): string {
    return this.context.now.toISOString();
  }

  apply(event: EngineEvent): void {
    switch (event.type) {
      case 'start':
        this.start();
        break;
      case 'decide':
        this.decide(event);
        break;
      case 'claim':
        this.claim(event.taskId, event.actor);
        break;
      case 'release':
        this.release(event.taskId, event.actor);
        break;
      case 'reassign':
        this.reassign(event);
        break;
      case 'comment':
        this.comment(event.taskId, event.actor, event.text);
        break;
      case 'resubmit':
        this.resubmit(event);
        break;
      case 'withdraw':
        this.withdraw(event.actor, event.comment);
        break;
      case 'delegate':
        this.delegate(event);
        break;
      case 'returnDelegated':
        this.returnDelegated(event);
        break;
      case 'assigneeLost':
        this.reportLost(event.lost);
        break;
      case 'timer':
        this.fireTimers();
        break;
    }
    this.state.timeline = this.state.timeline.slice(-timelineLimit);
    this.state.nextTimerAt = this.findNextTimer();
  }

  private record(entry: Partial<TimelineEntry> & Pick<TimelineEntry, 'kind'>): void {
    this.state.timeline.push({
      at: this.at,
      actor: null,
      onBehalfOf: null,
      nodeId: null,
      stepLabel: null,
      comment: null,
      ...entry,
    });
  }

  private start(): void {
    if (Object.keys(this.state.nodeStates).length > 0) throw new Error('The instance has started already');
    const start = this.context.graph.nodes.find((node) => node.type === 'start');
    if (!start) throw new Error('The workflow has no start');
    this.record({ kind: 'started', nodeId: start.id });
    this.enter(start);
  }

  // --- moving through the graph ---

  private edgesFrom(nodeId: string, handle: string): WorkflowEdge[] {
    return this.context.graph.edges.filter((edge) => edge.source === nodeId && edge.sourceHandle === handle);
  }

  private leave(node: WorkflowNode, handle: string): void {
    for (const edge of this.edgesFrom(node.id, handle)) {
      // An end reached on another way (a rejection in a parallel branch) stops every way.
      if (isEnded(this.state.status)) return;
      const target = this.nodes.get(edge.target);
      if (target) this.enter(target);
    }
  }

  private enter(node: WorkflowNode): void {
    if (isEnded(this.state.status)) return;
    switch (node.type) {
      case 'start':
      case 'split':
        this.state.nodeStates[node.id] = 'passed';
        this.leave(node, 'out');
        return;
      case 'join': {
        const arrived = (this.state.joinArrivals[node.id] ?? 0) + 1;
        this.state.joinArrivals[node.id] = arrived;
        if (arrived < expectedArrivals(this.context.graph, node.id)) {
          this.state.nodeStates[node.id] = 'active';
          return;
        }
        this.state.nodeStates[node.id] = 'passed';
        this.leave(node, 'out');
        return;
      }
      case 'condition': {
        const rule = node.rules.find((candidate) => this.holds(candidate));
        this.state.nodeStates[node.id] = 'passed';
        this.leave(node, rule ? rule.id : 'default');
        return;
      }
      case 'notify':
        this.notify(node);
        this.state.nodeStates[node.id] = 'passed';
        this.leave(node, 'out');
        return;
      case 'approval':
        this.startStep(node);
        return;
      case 'end':
        this.end(node.outcome, node.id);
        return;
    }
  }

  private holds(rule: Extract<WorkflowNode, { type: 'condition' }>['rules'][number]): boolean {
    const decisions: Answers = { ...this.state.decisions };
    const results = rule.conditions.map(({ source, ...condition }) =>
      evaluateCondition(
        { combinator: 'and', rules: [condition] },
        source === 'decision' ? decisions : this.state.answers,
      ),
    );
    return rule.combinator === 'and' ? results.every(Boolean) : results.some(Boolean);
  }

  /**
   * Users, group members and addresses typed into the form, each once, as they are now; and the
   * assignees that reach nobody, for the admins to hear of (never skipped silently).
   */
  private resolve(assignees: ApprovalNode['assignees']): { people: Person[]; missing: MissingAssignee[] } {
    const { people } = this.context;
    const found = new Map<string, Person>();
    const missing: MissingAssignee[] = [];
    const add = (person: Person) => found.set(person.userId ?? person.email.toLowerCase(), person);
    for (const assignee of assignees) {
      if (assignee.kind === 'user') {
        const user = people.users.get(assignee.userId);
        if (user) add(user);
        else missing.push({ kind: 'user', name: null });
      }
      if (assignee.kind === 'group') {
        const memberIds = people.groups.get(assignee.groupId);
        const members = (memberIds ?? []).flatMap((userId) => people.users.get(userId) ?? []);
        for (const member of members) add(member);
        if (members.length === 0) missing.push({ kind: 'group', isDeleted: memberIds === undefined });
      }
      if (assignee.kind === 'answer') {
        const value = this.state.answers[assignee.fieldId];
        const email = typeof value === 'string' ? value.trim() : '';
        if (!emailSchema.safeParse(email).success) {
          missing.push({ kind: 'answer', fieldLabel: this.fieldLabel(assignee.fieldId) });
          continue;
        }
        add(
          people.byEmail.get(email.toLowerCase()) ?? {
            userId: null,
            email,
            name: email,
            locale: this.context.form.language,
          },
        );
      }
    }
    return { people: [...found.values()], missing };
  }

  private fieldLabel(fieldId: string): string {
    const field = this.context.form.pages.flatMap((page) => page.fields).find((candidate) => candidate.id === fieldId);
    return field?.label || fieldId;
  }

  /** Assignees that reach nobody go on the timeline and to the team's owner and admins. */
  private reportMissing(nodeId: string, stepLabel: string, taskId: string | null, missing: MissingAssignee[]): void {
    this.record({ kind: 'assigneeMissing', nodeId, stepLabel, missing });
    for (const admin of this.context.people.admins) {
      this.mails.push({
        kind: 'approval-assignee-missing',
        userId: admin.userId,
        to: admin.email,
        locale: admin.locale,
        name: admin.name,
        workflowName: this.context.workflowName,
        stepLabel,
        formTitle: this.context.form.title,
        taskId,
        submissionId: this.context.submissionId,
        missing,
      });
    }
  }

  /** The person who acts on a new task: the absent user's delegate while the absence lasts. */
  private delegateFor(person: Person): {
    person: Person;
    onBehalfOf: string | null;
    onBehalfOfUserId: string | null;
  } {
    const absence = person.userId ? this.context.people.delegates.get(person.userId) : undefined;
    const appliesHere =
      absence && (absence.workflowIds.length === 0 || absence.workflowIds.includes(this.context.workflowId));
    return appliesHere
      ? { person: absence.delegate, onBehalfOf: person.name, onBehalfOfUserId: person.userId }
      : { person, onBehalfOf: null, onBehalfOfUserId: null };
  }

  private toAssignee(person: Person): TaskAssignee {
    const { person: acting, ...standIn } = this.delegateFor(person);
    return this.toOwnAssignee(acting, standIn);
  }

  /** `person` as an approver of their own, whether or not they are away (a part coming back to them). */
  private toOwnAssignee(
    person: Person,
    standIn: Pick<TaskAssignee, 'onBehalfOf' | 'onBehalfOfUserId'> = { onBehalfOf: null, onBehalfOfUserId: null },
  ): TaskAssignee {
    return {
      ...person,
      isRequester: sameAddress(person.email, this.state.requesterEmail),
      vote: null,
      isRemoved: false,
      ...standIn,
    };
  }

  private startStep(node: ApprovalNode): void {
    const assignees: TaskAssignee[] = [];
    const { people, missing } = this.resolve(node.assignees);
    for (const person of people) {
      const assignee = this.toAssignee(person);
      const key = assignee.userId ?? assignee.email.toLowerCase();
      if (!assignees.some((other) => (other.userId ?? other.email.toLowerCase()) === key)) assignees.push(assignee);
    }
    const task: TaskState = {
      id: this.context.createId(),
      nodeId: node.id,
      stepLabel: node.label,
      mode: node.mode,
      rule: node.rule,
      screenId: node.screenId ?? null,
      status: 'open',
      assignees,
      claimedBy: null,
      createdAt: this.at,
      deadline: this.deadlineOf(node),
      decidedAt: null,
      decidedBy: null,
    };
    this.state.tasks[task.id] = task;
    this.state.nodeStates[node.id] = 'active';
    this.record({ kind: 'stepStarted', nodeId: node.id, stepLabel: node.label });
    if (missing.length > 0) this.reportMissing(node.id, node.label, task.id, missing);
    for (const assignee of countedAssignees(task)) this.mailTask(task, assignee);
  }

  private deadlineOf(node: ApprovalNode): TaskDeadlineState | null {
    const deadline = node.deadline;
    if (!deadline) return null;
    let due: Date;
    if (deadline.due.kind === 'duration') {
      due = new Date(this.context.now.getTime() + deadline.due.hours * 3_600_000);
    } else {
      const value = this.state.answers[deadline.due.fieldId];
      // The end of the day the field names (UTC): a date without one sets no deadline.
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
      due = new Date(`${value}T23:59:59.999Z`);
    }
    const remindAt =
      deadline.remindBeforeHours === undefined
        ? null
        : new Date(due.getTime() - deadline.remindBeforeHours * 3_600_000).toISOString();
    return { dueAt: due.toISOString(), remindAt, isReminded: false, isBreached: false, nextReminderAt: null };
  }

  /** The requester's account, when their address has one: they hear of the outcome in the app too. */
  private requesterUserId(): string | null {
    const email = this.state.requesterEmail?.toLowerCase();
    return (email && this.context.people.byEmail.get(email)?.userId) || null;
  }

  private mailTask(task: TaskState, assignee: TaskAssignee): void {
    this.mails.push({
      kind: 'approval-task',
      userId: assignee.userId,
      to: assignee.email,
      locale: assignee.locale,
      name: assignee.name,
      workflowName: this.context.workflowName,
      stepLabel: task.stepLabel,
      formTitle: this.context.form.title,
      requester: this.state.requesterEmail,
      taskId: task.id,
    });
  }

  private notify(node: Extract<WorkflowNode, { type: 'notify' }>): void {
    const { people, missing } = this.resolve(node.recipients);
    for (const person of people) {
      this.mails.push({
        kind: 'workflow-notification',
        userId: person.userId,
        to: person.email,
        locale: person.locale,
        workflowName: this.context.workflowName,
        formTitle: this.context.form.title,
        label: node.label,
        message: node.message,
      });
    }
    this.record({ kind: 'notified', nodeId: node.id, stepLabel: node.label });
    // A notify step makes no task: the admins' link opens the request instead.
    if (missing.length > 0) this.reportMissing(node.id, node.label, null, missing);
  }

  /** Reaching an end ends the instance, wherever it is: every other open task is cancelled. */
  private end(outcome: 'approved' | 'rejected', nodeId: string): void {
    this.cancelOpenTasks();
    this.state.nodeStates[nodeId] = outcome;
    this.state.status = outcome;
    this.state.endedAt = this.at;
    this.state.changesRequested = null;
    this.record({ kind: 'completed', nodeId, comment: null });
    if (this.state.requesterEmail) {
      this.mails.push({
        kind: 'approval-ended',
        userId: this.requesterUserId(),
        to: this.state.requesterEmail,
        locale: this.context.form.language,
        workflowName: this.context.workflowName,
        formTitle: this.context.form.title,
        outcome,
        submissionId: this.context.submissionId,
      });
    }
  }

  private cancelOpenTasks(): void {
    for (const task of Object.values(this.state.tasks)) {
      if (task.status !== 'open') continue;
      task.status = 'cancelled';
      task.decidedAt = this.at;
      task.decidedBy = this.actorName;
      this.state.nodeStates[task.nodeId] = 'cancelled';
    }
    for (const [nodeId, nodeState] of Object.entries(this.state.nodeStates)) {
      if (nodeState === 'active') this.state.nodeStates[nodeId] = 'cancelled';
    }
  }

  // --- tasks ---

  private decide(event: Extract<EngineEvent, { type: 'decide' }>): void {
    const assignee = refuseDecision(this.state, event);
    const task = findTask(this.state, event.taskId);
    this.actorName = assignee.name;
    // Deciding an unclaimed pool task claims it: one person decides a pool task alone.
    if (task.mode === 'pool') task.claimedBy = event.actor.userId;
    const outcome =
      event.outcome === 'approve' ? 'approved' : event.outcome === 'reject' ? 'rejected' : 'changesRequested';
    assignee.vote = { outcome, at: this.at, comment: event.comment, extra: event.extra };
    Object.assign(this.state.answers, event.editedAnswers);
    this.record({
      kind: outcome,
      actor: assignee.name,
      onBehalfOf: assignee.onBehalfOf,
      nodeId: task.nodeId,
      stepLabel: task.stepLabel,
      comment: event.comment || null,
    });
    if (outcome === 'changesRequested') {
      this.requestChanges(task, assignee, event.comment);
      return;
    }
    const result = task.mode === 'pool' ? outcome : resultOf(task);
    if (result) this.completeStep(task, result, assignee.name);
  }

  private completeStep(task: TaskState, result: 'approved' | 'rejected', decidedBy: string | null): void {
    task.status = result;
    task.decidedAt = this.at;
    task.decidedBy = decidedBy;
    this.state.decisions[task.nodeId] = result;
    this.state.nodeStates[task.nodeId] = result;
    const node = this.nodes.get(task.nodeId);
    if (node) this.leave(node, result);
  }

  private requestChanges(task: TaskState, assignee: TaskAssignee, comment: string): void {
    task.status = 'changesRequested';
    task.decidedAt = this.at;
    task.decidedBy = assignee.name;
    this.state.status = 'changesRequested';
    this.state.changesRequested = {
      taskId: task.id,
      nodeId: task.nodeId,
      comment,
      by: assignee.name,
      editableFieldIds: resubmittableFieldIds(this.context.graph, this.context.form, task.screenId),
    };
    if (this.state.requesterEmail) {
      this.mails.push({
        kind: 'approval-changes-requested',
        userId: this.requesterUserId(),
        to: this.state.requesterEmail,
        locale: this.context.form.language,
        workflowName: this.context.workflowName,
        formTitle: this.context.form.title,
        stepLabel: task.stepLabel,
        by: assignee.name,
        comment,
        submissionId: this.context.submissionId,
      });
    }
  }

  private claim(taskId: string, actor: Actor): void {
    const task = findTask(this.state, taskId);
    refuseClosed(task);
    if (task.mode !== 'pool') throw new AppError('BAD_REQUEST', 400, 'Only pool tasks are claimed');
    const assignee = findApprover(this.state, task, actor);
    if (task.claimedBy === actor.userId) {
      this.hasChanged = false;
      return;
    }
    if (task.claimedBy !== null) throw new AppError('NOT_ASSIGNED', 403, 'Another approver claimed this task');
    task.claimedBy = actor.userId;
    this.record({
      kind: 'claimed',
      actor: assignee.name,
      onBehalfOf: assignee.onBehalfOf,
      nodeId: task.nodeId,
      stepLabel: task.stepLabel,
    });
  }

  private release(taskId: string, actor: Actor): void {
    const task = findTask(this.state, taskId);
    refuseClosed(task);
    if (task.mode !== 'pool') throw new AppError('BAD_REQUEST', 400, 'Only pool tasks are released');
    if (task.claimedBy !== actor.userId) throw new AppError('NOT_ASSIGNED', 403, 'You have not claimed this task');
    task.claimedBy = null;
  }

  private reassign(event: Extract<EngineEvent, { type: 'reassign' }>): void {
    const task = findTask(this.state, event.taskId);
    refuseClosed(task);
    const own = task.assignees.find(
      (candidate) => !candidate.isRemoved && candidate.userId === event.actor.userId && candidate.vote === null,
    );
    if (!own && !event.isManager) throw new AppError('NOT_ASSIGNED', 403, 'You are not an approver of this task');
    // An approver hands on their own part; a manager hands on everything still undecided.
    const leaving = own ? [own] : task.assignees.filter((candidate) => !candidate.isRemoved && candidate.vote === null);
    for (const assignee of leaving) assignee.isRemoved = true;
    if (task.claimedBy !== null && leaving.some((assignee) => assignee.userId === task.claimedBy))
      task.claimedBy = null;
    const existing = task.assignees.find(
      (candidate) => candidate.userId !== null && candidate.userId === event.to.userId,
    );
    let newcomer: TaskAssignee;
    if (existing) {
      existing.isRemoved = false;
      newcomer = existing;
    } else {
      newcomer = this.toAssignee(event.to);
      task.assignees.push(newcomer);
    }
    this.record({
      kind: 'reassigned',
      actor: event.actor.name,
      nodeId: task.nodeId,
      stepLabel: task.stepLabel,
      comment: event.comment || null,
    });
    if (!newcomer.isRequester && newcomer.vote === null) this.mailTask(task, newcomer);
    const result = task.mode === 'pool' ? null : resultOf(task);
    if (result) this.completeStep(task, result, null);
  }

  /** Nothing to move (decided meanwhile, or no longer theirs) is no refusal: absences move tasks in batches. */
  private delegate(event: Extract<EngineEvent, { type: 'delegate' }>): void {
    const task = this.state.tasks[event.taskId];
    const absent = task?.assignees.find(
      (candidate) => !candidate.isRemoved && candidate.vote === null && candidate.userId === event.absent.userId,
    );
    if (task?.status !== 'open' || !absent || event.to.userId === event.absent.userId) {
      this.hasChanged = false;
      return;
    }
    absent.isRemoved = true;
    if (task.claimedBy === absent.userId) task.claimedBy = event.to.userId;
    const known = task.assignees.find((candidate) => candidate.userId !== null && candidate.userId === event.to.userId);
    const standIn = { onBehalfOf: absent.name, onBehalfOfUserId: event.absent.userId };
    const delegate = known ?? { ...this.toAssignee(event.to), ...standIn };
    if (known?.isRemoved && known.vote === null) {
      // Asked again only for the absent's part: it holds that part, which goes back after the absence.
      Object.assign(known, { isRemoved: false, ...standIn });
    } else if (known) {
      // Asked in their own right already: the absent's part merges into theirs, and stays there.
      known.isRemoved = false;
    } else task.assignees.push(delegate);
    this.record({
      kind: 'reassigned',
      actor: event.absent.name,
      onBehalfOf: null,
      nodeId: task.nodeId,
      stepLabel: task.stepLabel,
    });
    if (!delegate.isRequester && delegate.vote === null) this.mailTask(task, delegate);
  }

  /**
   * What delegates hold of the absent's parts and have not decided goes back to them, task by task:
   * the holder leaves (their pool claim passes to the absent), the absent is asked again and mailed.
   * Decided parts stay decided; what the absence still in force gives its delegate stays with them.
   */
  private returnDelegated({ absent, absence }: Extract<EngineEvent, { type: 'returnDelegated' }>): void {
    const isKept = (holder: TaskAssignee) =>
      absence !== null &&
      holder.userId === absence.delegateUserId &&
      (absence.workflowIds.length === 0 || absence.workflowIds.includes(this.context.workflowId));
    let hasReturned = false;
    for (const task of Object.values(this.state.tasks)) {
      if (task.status !== 'open') continue;
      const holders = task.assignees.filter(
        (candidate) =>
          candidate.onBehalfOfUserId === absent.userId &&
          !candidate.isRemoved &&
          candidate.vote === null &&
          !isKept(candidate),
      );
      if (holders.length === 0) continue;
      for (const holder of holders) {
        holder.isRemoved = true;
        if (task.claimedBy !== null && task.claimedBy === holder.userId) task.claimedBy = absent.userId;
      }
      const known = task.assignees.find((candidate) => candidate.userId === absent.userId);
      const returning = known ?? this.toOwnAssignee(absent);
      if (known) known.isRemoved = false;
      else task.assignees.push(returning);
      hasReturned = true;
      this.record({ kind: 'returnedAfterAbsence', actor: absent.name, nodeId: task.nodeId, stepLabel: task.stepLabel });
      if (!returning.isRequester && returning.vote === null) this.mailTask(task, returning);
      // Where the absent was asked again meanwhile, one approver fewer counts: the rule may be met now.
      const result = task.mode === 'pool' ? null : resultOf(task);
      if (result) this.completeStep(task, result, null);
    }
    this.hasChanged = hasReturned;
  }

  private comment(taskId: string, actor: Actor, text: string): void {
    const task = findTask(this.state, taskId);
    refuseClosed(task);
    this.record({
      kind: 'commented',
      actor: actor.name,
      nodeId: task.nodeId,
      stepLabel: task.stepLabel,
      comment: text,
    });
    // The others taking part (still asked, or decided already) hear of it; only accounts: whether it
    // comes by mail is each user's choice, which an address without an account cannot make.
    const told = new Set<string>([actor.userId]);
    for (const assignee of task.assignees) {
      const userId = assignee.userId;
      if (userId === null || told.has(userId) || (assignee.isRemoved && assignee.vote === null)) continue;
      told.add(userId);
      this.mails.push({
        kind: 'approval-commented',
        userId,
        to: assignee.email,
        locale: assignee.locale,
        name: assignee.name,
        workflowName: this.context.workflowName,
        stepLabel: task.stepLabel,
        formTitle: this.context.form.title,
        taskId: task.id,
        by: actor.name,
        comment: text,
      });
    }
  }

  /** Each open task that `lost` leaves without someone is reported; nothing changes when none is. */
  private reportLost(lost: LostAssignee): void {
    const missing: MissingAssignee =
      lost.kind === 'user' ? { kind: 'user', name: lost.name } : { kind: 'group', isDeleted: true };
    const tasks = Object.values(this.state.tasks).filter((task) => losesAssignee(this.context.graph, task, lost));
    for (const task of tasks) this.reportMissing(task.nodeId, task.stepLabel, task.id, [missing]);
    this.hasChanged = tasks.length > 0;
  }

  // --- the request as a whole ---

  private resubmit(event: Extract<EngineEvent, { type: 'resubmit' }>): void {
    const request = this.state.changesRequested;
    if (this.state.status !== 'changesRequested' || !request) {
      throw new AppError('INSTANCE_CLOSED', 409, 'No changes are requested of this request');
    }
    this.state.answers = event.answers;
    this.state.status = 'running';
    this.state.changesRequested = null;
    this.record({
      kind: 'resubmitted',
      actor: event.actor?.name ?? null,
      nodeId: request.nodeId,
      changedFieldIds: event.changedFieldIds,
    });
    const node = this.nodes.get(request.nodeId);
    if (node?.type !== 'approval') throw new Error(`Node ${request.nodeId} is no approval step`);
    this.startStep(node);
  }

  private withdraw(actor: Actor | null, comment: string): void {
    if (isEnded(this.state.status)) throw new AppError('INSTANCE_CLOSED', 409, 'The request has ended already');
    this.actorName = actor?.name ?? null;
    this.cancelOpenTasks();
    this.state.status = 'withdrawn';
    this.state.endedAt = this.at;
    this.state.changesRequested = null;
    this.record({ kind: 'withdrawn', actor: actor?.name ?? null, comment: comment || null });
  }

  // --- deadlines ---

  private findNextTimer(): string | null {
    if (isEnded(this.state.status)) return null;
    const times: string[] = [];
    for (const task of Object.values(this.state.tasks)) {
      const deadline = task.deadline;
      if (task.status !== 'open' || !deadline) continue;
      if (deadline.remindAt && !deadline.isReminded && !deadline.isBreached) times.push(deadline.remindAt);
      if (!deadline.isBreached) times.push(deadline.dueAt);
      else if (deadline.nextReminderAt) times.push(deadline.nextReminderAt);
    }
    return times.sort()[0] ?? null;
  }

  /** Every deadline action that is due now, each once: its flag is part of the state the update guards. */
  private fireTimers(): void {
    let hasActed = false;
    for (const task of Object.values(this.state.tasks)) {
      const deadline = task.deadline;
      if (task.status !== 'open' || !deadline || isEnded(this.state.status)) continue;
      const node = this.nodes.get(task.nodeId);
      if (node?.type !== 'approval' || !node.deadline) continue;
      if (
        deadline.remindAt &&
        !deadline.isReminded &&
        !deadline.isBreached &&
        isPast(deadline.remindAt, this.context.now)
      ) {
        deadline.isReminded = true;
        this.remind(task, false);
        hasActed = true;
      }
      if (!deadline.isBreached && isPast(deadline.dueAt, this.context.now)) {
        deadline.isBreached = true;
        deadline.nextReminderAt = this.afterHours(node.deadline.remindEveryHours);
        this.breach(task, node);
        hasActed = true;
      } else if (deadline.isBreached && isPast(deadline.nextReminderAt, this.context.now)) {
        deadline.nextReminderAt = this.afterHours(node.deadline.remindEveryHours);
        this.remind(task, true);
        hasActed = true;
      }
    }
    this.hasChanged = hasActed;
  }

  private afterHours(hours: number | undefined): string | null {
    return hours === undefined ? null : new Date(this.context.now.getTime() + hours * 3_600_000).toISOString();
  }

  private undecided(task: TaskState): TaskAssignee[] {
    return countedAssignees(task).filter(
      (assignee) => assignee.vote === null && (task.claimedBy === null || task.claimedBy === assignee.userId),
    );
  }

  private remind(task: TaskState, isOverdue: boolean): void {
    for (const assignee of this.undecided(task)) {
      this.mails.push({
        kind: 'approval-reminder',
        userId: assignee.userId,
        to: assignee.email,
        locale: assignee.locale,
        name: assignee.name,
        workflowName: this.context.workflowName,
        stepLabel: task.stepLabel,
        formTitle: this.context.form.title,
        taskId: task.id,
        isOverdue,
      });
    }
    this.record({ kind: 'reminded', nodeId: task.nodeId, stepLabel: task.stepLabel });
  }

  private mailEscalation(task: TaskState, person: Person, role: 'added' | 'removed' | 'informed'): void {
    this.mails.push({
      kind: 'approval-escalated',
      userId: person.userId,
      to: person.email,
      locale: person.locale,
      name: person.name,
      workflowName: this.context.workflowName,
      stepLabel: task.stepLabel,
      formTitle: this.context.form.title,
      taskId: task.id,
      role,
    });
  }

  /** The step's deadline passed: what the workflow says to do, once. */
  private breach(task: TaskState, node: ApprovalNode): void {
    const deadline = node.deadline;
    if (!deadline) return;
    const escalation = deadline.escalateTo ? this.resolve([deadline.escalateTo]) : { people: [], missing: [] };
    this.record({ kind: 'escalated', nodeId: task.nodeId, stepLabel: task.stepLabel });
    if (escalation.missing.length > 0) this.reportMissing(task.nodeId, task.stepLabel, task.id, escalation.missing);
    switch (deadline.onBreach) {
      case 'notify': {
        this.remind(task, true);
        // The team's admins are told, and whom the step names for escalations, each once.
        const told = new Map<string, Person>();
        for (const person of [...this.context.people.admins, ...escalation.people]) {
          told.set(person.userId ?? person.email.toLowerCase(), person);
        }
        for (const person of told.values()) this.mailEscalation(task, person, 'informed');
        return;
      }
      case 'addApprover':
      case 'reassign': {
        const leaving =
          deadline.onBreach === 'reassign'
            ? task.assignees.filter((assignee) => assignee.vote === null && !assignee.isRemoved)
            : [];
        for (const assignee of leaving) assignee.isRemoved = true;
        if (deadline.onBreach === 'reassign') task.claimedBy = null;
        for (const person of escalation.people) {
          const known = task.assignees.find(
            (candidate) => (candidate.userId ?? candidate.email) === (person.userId ?? person.email),
          );
          if (known) known.isRemoved = false;
          else task.assignees.push(this.toAssignee(person));
          const assignee = known ?? task.assignees.at(-1);
          if (assignee && !assignee.isRequester && assignee.vote === null) this.mailEscalation(task, assignee, 'added');
        }
        // Those it went away from learn it too (unless the escalation named them again).
        for (const assignee of leaving) {
          if (assignee.isRemoved && !assignee.isRequester) this.mailEscalation(task, assignee, 'removed');
        }
        return;
      }
      case 'decide': {
        const result =
          deadline.decision === 'approve' ? 'approved' : deadline.decision === 'reject' ? 'rejected' : null;
        if (result) this.completeStep(task, result, null);
        return;
      }
    }
  }
}
