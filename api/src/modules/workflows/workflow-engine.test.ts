import {
  type CompletionRule,
  type FormDefinition,
  type WorkflowEdge,
  type WorkflowGraph,
  type WorkflowNode,
  workflowGraphSchema,
} from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import {
  type Actor,
  applyEvent,
  createInitialState,
  type EngineContext,
  type EngineEvent,
  findAbsentUserIds,
  type InstanceState,
  type PeopleDirectory,
  type Person,
  type TaskState,
} from './workflow-engine';

const form: FormDefinition = {
  title: 'Urlaubsantrag',
  description: '',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'email', type: 'email', label: 'E-Mail', required: false },
        { id: 'days', type: 'number', label: 'Tage', required: false, decimals: 0 },
        { id: 'manager', type: 'email', label: 'Vorgesetzte', required: false },
        { id: 'until', type: 'date', label: 'Bis', required: false },
      ],
    },
  ],
};

const person = (id: string, name: string, locale: 'de' | 'en' = 'de'): Person => ({
  userId: id.padStart(24, '0'),
  email: `${name.toLowerCase()}@example.com`,
  name,
  locale,
});
const anna = person('a1', 'Anna');
const ben = person('b1', 'Ben', 'en');
const cara = person('c1', 'Cara');
const dora = person('d1', 'Dora');
const everyone = [anna, ben, cara, dora];
/** The team's owner: not among the approvers, told of escalations and of assignees that reach nobody. */
const olga = person('e1', 'Olga');
const actor = (who: Person): Actor => ({ userId: who.userId ?? '', name: who.name, email: who.email });

function directory(extra: Partial<PeopleDirectory> = {}): PeopleDirectory {
  return {
    users: new Map(everyone.map((who) => [who.userId ?? '', who])),
    groups: new Map([['9'.repeat(24), [ben.userId ?? '', cara.userId ?? '']]]),
    byEmail: new Map(everyone.map((who) => [who.email, who])),
    delegates: new Map(),
    admins: [olga],
    ...extra,
  };
}

type NodeInput = Record<string, unknown> & { id: string; type: WorkflowNode['type'] };

/** A graph from nodes and `source:handle>target` edges, completed with the schema's defaults. */
function graphOf(nodes: NodeInput[], edges: string[], screens: unknown[] = []): WorkflowGraph {
  return workflowGraphSchema.parse({
    nodes: nodes.map((node) => ({ position: { x: 0, y: 0 }, ...node })),
    edges: edges.map((edge, index): WorkflowEdge => {
      const [source = '', rest = ''] = edge.split(':');
      const [sourceHandle = '', target = ''] = rest.split('>');
      return { id: `e${index}`, source, sourceHandle, target };
    }),
    screens,
  });
}

const step = (id: string, assignees: Person[], extra: Record<string, unknown> = {}): NodeInput => ({
  id,
  type: 'approval',
  label: `Schritt ${id}`,
  assignees: assignees.map((who) => ({ kind: 'user', userId: who.userId })),
  ...extra,
});
const ends: NodeInput[] = [
  { id: 'yes', type: 'end', outcome: 'approved' },
  { id: 'no', type: 'end', outcome: 'rejected' },
];

/** start → one step → approved / rejected. */
function singleStep(assignees: Person[], extra: Record<string, unknown> = {}): WorkflowGraph {
  return graphOf(
    [{ id: 'start', type: 'start' }, step('s1', assignees, extra), ...ends],
    ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
  );
}

/** Runs events one after the other, as the service would write them, and keeps every mail. */
function createRun(
  graph: WorkflowGraph,
  { answers = {}, requester = null as string | null, people = directory() } = {},
) {
  let counter = 0;
  let now = new Date('2026-03-02T08:00:00Z');
  const context = (): EngineContext => ({
    graph,
    form,
    workflowId: 'f'.repeat(24),
    workflowName: 'Urlaub',
    submissionId: 'e'.repeat(24),
    people,
    now,
    createId: () => {
      counter += 1;
      return counter.toString(16).padStart(24, '0');
    },
  });
  let state: InstanceState = createInitialState(answers, requester);
  const mails: ReturnType<typeof applyEvent>['mails'] = [];
  const send = (event: EngineEvent) => {
    const result = applyEvent(context(), state, event);
    state = result.state;
    mails.push(...result.mails);
    return result;
  };
  send({ type: 'start' });
  return {
    get state() {
      return state;
    },
    mails,
    send,
    advanceTo(at: string) {
      now = new Date(at);
    },
    openTasks: () => Object.values(state.tasks).filter((task) => task.status === 'open'),
    taskOf(nodeId: string): TaskState {
      const tasks = Object.values(state.tasks).filter((task) => task.nodeId === nodeId);
      const task = tasks.at(-1);
      if (!task) throw new Error(`No task at ${nodeId}`);
      return task;
    },
    vote(nodeId: string, who: Person, outcome: 'approve' | 'reject' | 'requestChanges' = 'approve', comment = '') {
      return send({
        type: 'decide',
        taskId: this.taskOf(nodeId).id,
        actor: actor(who),
        outcome,
        comment: comment || (outcome === 'approve' ? '' : 'Bitte nicht'),
        editedAnswers: {},
        extra: {},
      });
    },
  };
}

function refusalOf(act: () => unknown): { code: string; details: unknown } {
  try {
    act();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('Expected a refusal');
}

describe('the start', () => {
  it('opens the first step for each assignee, mails each in their language, and marks the way', () => {
    const run = createRun(singleStep([anna, ben]), { requester: 'req@example.com' });
    const task = run.taskOf('s1');
    expect(task.status).toBe('open');
    expect(task.assignees.map((assignee) => assignee.name)).toEqual(['Anna', 'Ben']);
    expect(run.state.nodeStates).toEqual({ start: 'passed', s1: 'active' });
    expect(run.mails.map((mail) => [mail.kind, mail.to, mail.locale])).toEqual([
      ['approval-task', 'anna@example.com', 'de'],
      ['approval-task', 'ben@example.com', 'en'],
    ]);
    expect(run.state.timeline.map((entry) => entry.kind)).toEqual(['started', 'stepStarted']);
  });

  it('resolves groups and an address typed into the form, each person once', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        {
          ...step('s1', [ben]),
          assignees: [
            { kind: 'user', userId: ben.userId },
            { kind: 'group', groupId: '9'.repeat(24) },
            { kind: 'answer', fieldId: 'manager' },
          ],
        },
        ...ends,
      ],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    const run = createRun(graph, { answers: { manager: 'Extern@Example.org' } });
    expect(run.taskOf('s1').assignees.map((assignee) => [assignee.name, assignee.userId])).toEqual([
      ['Ben', ben.userId],
      ['Cara', cara.userId],
      ['Extern@Example.org', null],
    ]);
  });
});

describe('completion rules decide as soon as the result is certain', () => {
  const cases: { rule: CompletionRule; votes: ('approve' | 'reject')[]; result: 'open' | 'approved' | 'rejected' }[] = [
    { rule: { kind: 'any' }, votes: ['approve'], result: 'approved' },
    { rule: { kind: 'any' }, votes: ['reject', 'reject', 'reject'], result: 'open' },
    { rule: { kind: 'any' }, votes: ['reject', 'reject', 'reject', 'reject'], result: 'rejected' },
    { rule: { kind: 'all' }, votes: ['reject'], result: 'rejected' },
    { rule: { kind: 'all' }, votes: ['approve', 'approve', 'approve'], result: 'open' },
    { rule: { kind: 'all' }, votes: ['approve', 'approve', 'approve', 'approve'], result: 'approved' },
    { rule: { kind: 'atLeast', count: 2 }, votes: ['reject', 'approve', 'approve'], result: 'approved' },
    { rule: { kind: 'atLeast', count: 2 }, votes: ['reject', 'reject'], result: 'open' },
    { rule: { kind: 'atLeast', count: 2 }, votes: ['reject', 'reject', 'reject'], result: 'rejected' },
    // More than there are approvers: all of them are needed, and one "no" is a veto.
    { rule: { kind: 'atLeast', count: 9 }, votes: ['reject'], result: 'rejected' },
    { rule: { kind: 'percent', percent: 50 }, votes: ['approve', 'reject', 'approve'], result: 'approved' },
    { rule: { kind: 'percent', percent: 75 }, votes: ['approve', 'reject', 'reject'], result: 'rejected' },
    { rule: { kind: 'majority' }, votes: ['approve', 'approve'], result: 'open' },
    { rule: { kind: 'majority' }, votes: ['approve', 'approve', 'approve'], result: 'approved' },
    { rule: { kind: 'majority' }, votes: ['reject', 'reject'], result: 'rejected' },
  ];
  for (const { rule, votes, result } of cases) {
    it(`${JSON.stringify(rule)} with ${votes.join(', ')} of four approvers is ${result}`, () => {
      const run = createRun(singleStep(everyone, { rule }));
      votes.forEach((outcome, index) => {
        run.vote('s1', everyone[index] as Person, outcome);
      });
      expect(run.taskOf('s1').status).toBe(result);
      expect(run.state.status).toBe(result === 'open' ? 'running' : result);
    });
  }

  it('when the step is decided, later voters are told it is closed and who decided it', () => {
    const run = createRun(singleStep([anna, ben], { rule: { kind: 'all' } }));
    run.vote('s1', anna, 'reject', 'Zu teuer');
    const refusal = refusalOf(() => run.vote('s1', ben));
    expect(refusal).toEqual({ code: 'TASK_CLOSED', details: { decidedBy: 'Anna', status: 'rejected' } });
  });

  it('when an approver votes twice on an open step, the second vote is refused as closed for them', () => {
    const run = createRun(singleStep([anna, ben], { rule: { kind: 'all' } }));
    run.vote('s1', anna);
    expect(refusalOf(() => run.vote('s1', anna))).toEqual({
      code: 'TASK_CLOSED',
      details: { decidedBy: 'Anna', status: 'approved' },
    });
  });
});

describe('who may decide', () => {
  it('refuses someone not assigned, the requester, and a rejection without comment', () => {
    const run = createRun(singleStep([anna, ben]), { requester: 'ANNA@example.com' });
    expect(refusalOf(() => run.vote('s1', cara)).code).toBe('NOT_ASSIGNED');
    expect(refusalOf(() => run.vote('s1', anna)).code).toBe('SELF_APPROVAL');
    const taskId = run.taskOf('s1').id;
    const rejectWithoutComment: EngineEvent = {
      type: 'decide',
      taskId,
      actor: actor(ben),
      outcome: 'reject',
      comment: ' ',
      editedAnswers: {},
      extra: {},
    };
    expect(refusalOf(() => run.send(rejectWithoutComment)).code).toBe('COMMENT_REQUIRED');
  });

  it('does not count the requester among the approvers of an `all` step, nor mail them', () => {
    const run = createRun(singleStep([anna, ben], { rule: { kind: 'all' } }), { requester: 'anna@example.com' });
    expect(run.mails.map((mail) => mail.to)).toEqual(['ben@example.com']);
    run.vote('s1', ben);
    expect(run.state.status).toBe('approved');
  });
});

describe('pool steps', () => {
  it('one approver claims, others cannot, the claimer decides alone, and a release returns it to the pool', () => {
    const run = createRun(singleStep([anna, ben, cara], { mode: 'pool', rule: { kind: 'all' } }));
    const taskId = run.taskOf('s1').id;
    run.send({ type: 'claim', taskId, actor: actor(anna) });
    expect(run.send({ type: 'claim', taskId, actor: actor(anna) }).hasChanged).toBe(false);
    expect(refusalOf(() => run.send({ type: 'claim', taskId, actor: actor(ben) })).code).toBe('NOT_ASSIGNED');
    expect(refusalOf(() => run.vote('s1', ben)).code).toBe('NOT_ASSIGNED');
    run.send({ type: 'release', taskId, actor: actor(anna) });
    expect(run.taskOf('s1').claimedBy).toBeNull();
    run.vote('s1', ben);
    expect(run.state.status).toBe('approved');
    expect(run.taskOf('s1').decidedBy).toBe('Ben');
  });
});

describe('conditions', () => {
  const routed = graphOf(
    [
      { id: 'start', type: 'start' },
      {
        id: 'c1',
        type: 'condition',
        label: 'Wie lange?',
        rules: [
          {
            id: 'long',
            label: 'Lang',
            combinator: 'and',
            conditions: [{ fieldId: 'days', operator: 'greaterThan', value: 10 }],
          },
          {
            id: 'mid',
            label: 'Mittel',
            combinator: 'or',
            conditions: [
              { fieldId: 'days', operator: 'greaterThan', value: 3 },
              { fieldId: 'email', operator: 'contains', value: 'boss' },
            ],
          },
        ],
      },
      step('long', [anna]),
      step('mid', [ben]),
      ...ends,
    ],
    [
      'start:out>c1',
      'c1:long>long',
      'c1:mid>mid',
      'c1:default>yes',
      'long:approved>yes',
      'long:rejected>no',
      'mid:approved>yes',
      'mid:rejected>no',
    ],
  );

  it('takes the way of the first rule that holds on the answers', () => {
    expect(createRun(routed, { answers: { days: 12 } }).taskOf('long').assignees[0]?.name).toBe('Anna');
    const middle = createRun(routed, { answers: { days: 5 } });
    expect(middle.openTasks().map((task) => task.nodeId)).toEqual(['mid']);
    expect(createRun(routed, { answers: { days: 1, email: 'boss@example.com' } }).openTasks()[0]?.nodeId).toBe('mid');
  });

  it('takes the default way when no rule holds, ending the request at once here', () => {
    const run = createRun(routed, { answers: { days: 1 }, requester: 'req@example.com' });
    expect(run.state.status).toBe('approved');
    expect(run.state.nodeStates).toEqual({ start: 'passed', c1: 'passed', yes: 'approved' });
    expect(run.mails).toEqual([
      expect.objectContaining({ kind: 'approval-ended', to: 'req@example.com', outcome: 'approved' }),
    ]);
  });

  it('routes on the decision of an earlier step', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        step('s1', [anna]),
        {
          id: 'c1',
          type: 'condition',
          label: 'Abgelehnt?',
          rules: [
            {
              id: 'wasRejected',
              label: 'Abgelehnt',
              combinator: 'and',
              conditions: [{ source: 'decision', fieldId: 's1', operator: 'equals', value: 'rejected' }],
            },
          ],
        },
        step('appeal', [ben]),
        ...ends,
      ],
      [
        'start:out>s1',
        's1:approved>c1',
        's1:rejected>c1',
        'c1:wasRejected>appeal',
        'c1:default>yes',
        'appeal:approved>yes',
        'appeal:rejected>no',
      ],
    );
    const rejected = createRun(graph);
    rejected.vote('s1', anna, 'reject', 'Nein');
    expect(rejected.openTasks().map((task) => task.nodeId)).toEqual(['appeal']);
    const approved = createRun(graph);
    approved.vote('s1', anna);
    expect(approved.state.status).toBe('approved');
  });
});

describe('parallel ways', () => {
  const parallel = graphOf(
    [
      { id: 'start', type: 'start' },
      { id: 'split', type: 'split' },
      step('legal', [anna]),
      step('finance', [ben]),
      { id: 'join', type: 'join' },
      step('final', [cara]),
      ...ends,
    ],
    [
      'start:out>split',
      'split:out>legal',
      'split:out>finance',
      'legal:approved>join',
      'legal:rejected>no',
      'finance:approved>join',
      'finance:rejected>no',
      'join:out>final',
      'final:approved>yes',
      'final:rejected>no',
    ],
  );

  it('opens every way at once and goes on past the join only when all of them arrived', () => {
    const run = createRun(parallel);
    expect(run.openTasks().map((task) => task.nodeId)).toEqual(['legal', 'finance']);
    run.vote('legal', anna);
    expect(run.state.nodeStates.join).toBe('active');
    expect(run.openTasks().map((task) => task.nodeId)).toEqual(['finance']);
    run.vote('finance', ben);
    expect(run.openTasks().map((task) => task.nodeId)).toEqual(['final']);
    run.vote('final', cara);
    expect(run.state.status).toBe('approved');
  });

  it('when one way rejects, the request ends rejected and the sibling task is cancelled', () => {
    const run = createRun(parallel);
    run.vote('finance', ben, 'reject', 'Kein Budget');
    expect(run.state.status).toBe('rejected');
    expect(run.taskOf('legal')).toMatchObject({ status: 'cancelled', decidedBy: 'Ben' });
    expect(run.state.nodeStates).toMatchObject({ legal: 'cancelled', finance: 'rejected', no: 'rejected' });
    expect(refusalOf(() => run.vote('legal', anna))).toEqual({
      code: 'TASK_CLOSED',
      details: { decidedBy: 'Ben', status: 'cancelled' },
    });
  });
});

describe('notify steps', () => {
  it('mail their message to each recipient and go on', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        {
          id: 'n1',
          type: 'notify',
          label: 'Info an HR',
          recipients: [
            { kind: 'group', groupId: '9'.repeat(24) },
            { kind: 'answer', fieldId: 'email' },
          ],
          message: 'Neuer Antrag',
        },
        step('s1', [anna]),
        ...ends,
      ],
      ['start:out>n1', 'n1:out>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    const run = createRun(graph, { answers: { email: 'req@example.com' } });
    expect(run.mails.filter((mail) => mail.kind === 'workflow-notification').map((mail) => mail.to)).toEqual([
      'ben@example.com',
      'cara@example.com',
      'req@example.com',
    ]);
    expect(run.state.nodeStates.n1).toBe('passed');
    expect(run.openTasks().map((task) => task.nodeId)).toEqual(['s1']);
  });
});

describe('changes, resubmission and withdrawal', () => {
  const screens = [{ id: 'sc', name: 'Prüfung', fields: { days: 'editable', email: 'readonly' } }];
  const withScreen = graphOf(
    [{ id: 'start', type: 'start' }, step('s1', [anna, ben], { screenId: 'sc' }), ...ends],
    ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    screens,
  );

  it('a request for changes pauses the request with the editable fields, and resubmitting opens a new task at the same step', () => {
    const run = createRun(withScreen, { answers: { days: 3 }, requester: 'req@example.com' });
    const first = run.taskOf('s1');
    run.vote('s1', anna, 'requestChanges', 'Bitte Tage prüfen');
    expect(run.state.status).toBe('changesRequested');
    expect(run.state.changesRequested).toEqual({
      taskId: first.id,
      nodeId: 's1',
      comment: 'Bitte Tage prüfen',
      by: 'Anna',
      editableFieldIds: ['days'],
    });
    expect(run.mails.at(-1)).toMatchObject({ kind: 'approval-changes-requested', to: 'req@example.com' });

    run.send({ type: 'resubmit', actor: null, answers: { days: 2 }, changedFieldIds: ['days'] });
    const second = run.taskOf('s1');
    expect(second.id).not.toBe(first.id);
    expect(second.status).toBe('open');
    expect(run.state).toMatchObject({ status: 'running', answers: { days: 2 }, changesRequested: null });
    expect(run.state.timeline.find((entry) => entry.kind === 'resubmitted')?.changedFieldIds).toEqual(['days']);
    expect(refusalOf(() => run.send({ type: 'resubmit', actor: null, answers: {}, changedFieldIds: [] })).code).toBe(
      'INSTANCE_CLOSED',
    );
  });

  it('without a screen, every answer may be changed', () => {
    const run = createRun(singleStep([anna]));
    run.vote('s1', anna, 'requestChanges', 'Mehr Angaben');
    expect(run.state.changesRequested?.editableFieldIds).toEqual(['email', 'days', 'manager', 'until']);
  });

  it('withdrawing ends the request and cancels its open tasks, once', () => {
    const run = createRun(singleStep([anna]));
    run.send({ type: 'withdraw', actor: actor(dora), comment: 'Erledigt' });
    expect(run.state.status).toBe('withdrawn');
    expect(run.taskOf('s1')).toMatchObject({ status: 'cancelled', decidedBy: 'Dora' });
    expect(refusalOf(() => run.send({ type: 'withdraw', actor: null, comment: '' })).code).toBe('INSTANCE_CLOSED');
  });

  it('an approver edits an editable answer with the decision: the request keeps the new answer', () => {
    const run = createRun(withScreen, { answers: { days: 3 } });
    run.send({
      type: 'decide',
      taskId: run.taskOf('s1').id,
      actor: actor(anna),
      outcome: 'approve',
      comment: '',
      editedAnswers: { days: 4 },
      extra: {},
    });
    expect(run.state.answers).toEqual({ days: 4 });
  });
});

describe('reassigning', () => {
  it('an approver hands their part on; the newcomer is mailed and decides', () => {
    const run = createRun(singleStep([anna]));
    const taskId = run.taskOf('s1').id;
    run.send({ type: 'reassign', taskId, actor: actor(anna), isManager: false, to: dora, comment: 'Urlaub' });
    expect(run.mails.at(-1)).toMatchObject({ kind: 'approval-task', to: 'dora@example.com' });
    expect(refusalOf(() => run.vote('s1', anna)).code).toBe('NOT_ASSIGNED');
    run.vote('s1', dora);
    expect(run.state.status).toBe('approved');
  });

  it('someone neither assigned nor a manager may not', () => {
    const run = createRun(singleStep([anna]));
    const event: EngineEvent = {
      type: 'reassign',
      taskId: run.taskOf('s1').id,
      actor: actor(ben),
      isManager: false,
      to: dora,
      comment: '',
    };
    expect(refusalOf(() => run.send(event)).code).toBe('NOT_ASSIGNED');
  });
});

describe('deadlines', () => {
  it('remind before, then act on the breach once, however often the timer fires', () => {
    const deadline = {
      due: { kind: 'duration', hours: 48 },
      remindBeforeHours: 24,
      onBreach: 'decide',
      decision: 'reject',
    };
    const run = createRun(singleStep([anna], { deadline }));
    expect(run.taskOf('s1').deadline?.dueAt).toBe('2026-03-04T08:00:00.000Z');
    expect(run.state.nextTimerAt).toBe('2026-03-03T08:00:00.000Z');

    run.advanceTo('2026-03-02T09:00:00Z');
    expect(run.send({ type: 'timer' }).hasChanged).toBe(false);

    run.advanceTo('2026-03-03T08:00:00Z');
    run.send({ type: 'timer' });
    expect(run.send({ type: 'timer' }).hasChanged).toBe(false);
    expect(run.mails.filter((mail) => mail.kind === 'approval-reminder')).toHaveLength(1);
    expect(run.state.nextTimerAt).toBe('2026-03-04T08:00:00.000Z');

    run.advanceTo('2026-03-04T09:00:00Z');
    run.send({ type: 'timer' });
    run.send({ type: 'timer' });
    expect(run.state.status).toBe('rejected');
    expect(run.state.timeline.filter((entry) => entry.kind === 'escalated')).toHaveLength(1);
    expect(run.state.nextTimerAt).toBeNull();
  });

  const breachOf = (deadline: Record<string, unknown>) => {
    const run = createRun(singleStep([anna], { deadline: { due: { kind: 'duration', hours: 1 }, ...deadline } }));
    const before = run.mails.length;
    run.advanceTo('2026-03-02T10:00:00Z');
    run.send({ type: 'timer' });
    return {
      run,
      mails: run.mails.slice(before).map((mail) => [mail.kind, mail.to, 'role' in mail ? mail.role : null]),
    };
  };

  it('a breach adds the escalation approver, who is told it was escalated to them', () => {
    const { run, mails } = breachOf({ onBreach: 'addApprover', escalateTo: { kind: 'user', userId: dora.userId } });
    expect(run.taskOf('s1').assignees.map((assignee) => assignee.name)).toEqual(['Anna', 'Dora']);
    expect(mails).toEqual([['approval-escalated', 'dora@example.com', 'added']]);
  });

  it('a breach that reassigns tells the newcomer and whom it went away from', () => {
    const { run, mails } = breachOf({ onBreach: 'reassign', escalateTo: { kind: 'user', userId: dora.userId } });
    expect(run.taskOf('s1').assignees.map((assignee) => [assignee.name, assignee.isRemoved])).toEqual([
      ['Anna', true],
      ['Dora', false],
    ]);
    expect(mails).toEqual([
      ['approval-escalated', 'dora@example.com', 'added'],
      ['approval-escalated', 'anna@example.com', 'removed'],
    ]);
  });

  it('a breach that notifies reminds the approver and tells the team’s admins and the escalation contact', () => {
    const { mails } = breachOf({ onBreach: 'notify', escalateTo: { kind: 'user', userId: dora.userId } });
    expect(mails).toEqual([
      ['approval-reminder', 'anna@example.com', null],
      ['approval-escalated', 'olga@example.com', 'informed'],
      ['approval-escalated', 'dora@example.com', 'informed'],
    ]);
  });
});

describe('delegation', () => {
  it('a new task of an absent approver goes to the delegate, who decides for them', () => {
    const people = directory({ delegates: new Map([[anna.userId ?? '', { delegate: dora, workflowIds: [] }]]) });
    const run = createRun(singleStep([anna]), { people });
    expect(run.taskOf('s1').assignees).toEqual([expect.objectContaining({ name: 'Dora', onBehalfOf: 'Anna' })]);
    run.vote('s1', dora);
    expect(run.state.timeline.at(-2)).toMatchObject({ kind: 'approved', actor: 'Dora', onBehalfOf: 'Anna' });
  });
});

describe('handing open tasks to a delegate', () => {
  it('moves the absent approver’s undecided part, mails the delegate, and leaves decided tasks alone', () => {
    const run = createRun(singleStep([anna, ben], { rule: { kind: 'all' } }));
    const taskId = run.taskOf('s1').id;
    run.send({ type: 'delegate', taskId, absent: actor(anna), to: dora });
    expect(
      run.taskOf('s1').assignees.map((assignee) => [assignee.name, assignee.isRemoved, assignee.onBehalfOf]),
    ).toEqual([
      ['Anna', true, null],
      ['Ben', false, null],
      ['Dora', false, 'Anna'],
    ]);
    expect(run.mails.at(-1)).toMatchObject({ kind: 'approval-task', to: 'dora@example.com' });
    expect(run.send({ type: 'delegate', taskId, absent: actor(anna), to: dora }).hasChanged).toBe(false);
    run.vote('s1', ben);
    expect(run.send({ type: 'delegate', taskId, absent: actor(ben), to: cara }).hasChanged).toBe(false);
    run.vote('s1', dora);
    expect(run.state.status).toBe('approved');
  });
});

describe('giving tasks back after an absence', () => {
  const annaBack = { ...anna, userId: anna.userId ?? '' };

  it('the part the delegate holds undecided goes back to the absent approver, who is mailed; once', () => {
    const run = createRun(singleStep([anna, ben], { rule: { kind: 'all' } }));
    const taskId = run.taskOf('s1').id;
    run.send({ type: 'delegate', taskId, absent: actor(anna), to: dora });
    expect(findAbsentUserIds(run.state)).toEqual([anna.userId]);

    run.send({ type: 'returnDelegated', absent: annaBack, absence: null });
    expect(
      run.taskOf('s1').assignees.map((assignee) => [assignee.name, assignee.isRemoved, assignee.onBehalfOf]),
    ).toEqual([
      ['Anna', false, null],
      ['Ben', false, null],
      ['Dora', true, 'Anna'],
    ]);
    expect(run.mails.at(-1)).toMatchObject({ kind: 'approval-task', to: 'anna@example.com', taskId });
    expect(run.state.timeline.at(-1)).toMatchObject({
      kind: 'returnedAfterAbsence',
      actor: 'Anna',
      stepLabel: 'Schritt s1',
    });
    expect(findAbsentUserIds(run.state)).toEqual([]);
    expect(run.send({ type: 'returnDelegated', absent: annaBack, absence: null }).hasChanged).toBe(false);
    run.vote('s1', anna);
    run.vote('s1', ben);
    expect(run.state.status).toBe('approved');
  });

  it('a new task the delegate took goes back with its pool claim, unless the absence in force still covers it', () => {
    const people = directory({ delegates: new Map([[anna.userId ?? '', { delegate: dora, workflowIds: [] }]]) });
    const run = createRun(singleStep([anna], { mode: 'pool' }), { people });
    const taskId = run.taskOf('s1').id;
    run.send({ type: 'claim', taskId, actor: actor(dora) });

    const stillAway = { delegateUserId: dora.userId ?? '', workflowIds: [] };
    expect(run.send({ type: 'returnDelegated', absent: annaBack, absence: stillAway }).hasChanged).toBe(false);
    const otherWorkflowOnly = { delegateUserId: dora.userId ?? '', workflowIds: ['0'.repeat(24)] };
    run.send({ type: 'returnDelegated', absent: annaBack, absence: otherWorkflowOnly });
    const task = run.taskOf('s1');
    expect(task.claimedBy).toBe(anna.userId);
    expect(task.assignees.map((assignee) => [assignee.name, assignee.isRemoved, assignee.onBehalfOf])).toEqual([
      ['Dora', true, 'Anna'],
      ['Anna', false, null],
    ]);
    expect(refusalOf(() => run.vote('s1', dora)).code).toBe('NOT_ASSIGNED');
    run.vote('s1', anna);
    expect(run.state.status).toBe('approved');
  });

  it('a part the delegate decided stays decided', () => {
    const run = createRun(singleStep([anna, ben], { rule: { kind: 'all' } }));
    const taskId = run.taskOf('s1').id;
    run.send({ type: 'delegate', taskId, absent: actor(anna), to: dora });
    run.vote('s1', dora);
    expect(findAbsentUserIds(run.state)).toEqual([]);
    expect(run.send({ type: 'returnDelegated', absent: annaBack, absence: null }).hasChanged).toBe(false);
    expect(run.taskOf('s1').assignees.find((assignee) => assignee.name === 'Dora')?.vote?.outcome).toBe('approved');
  });
});

describe('comments', () => {
  it('tell the others taking part, never the author nor whom the task went away from', () => {
    const run = createRun(singleStep([anna, ben, cara], { rule: { kind: 'all' } }));
    const taskId = run.taskOf('s1').id;
    run.vote('s1', ben);
    run.send({ type: 'reassign', taskId, actor: actor(cara), isManager: false, to: dora, comment: '' });
    const before = run.mails.length;
    run.send({ type: 'comment', taskId, actor: actor(anna), text: 'Passt' });
    expect(run.mails.slice(before)).toEqual([
      expect.objectContaining({ kind: 'approval-commented', to: 'ben@example.com', by: 'Anna', comment: 'Passt' }),
      expect.objectContaining({ kind: 'approval-commented', to: 'dora@example.com', by: 'Anna', comment: 'Passt' }),
    ]);
  });
});

describe('assignees that reach nobody', () => {
  const deletedGroup = '8'.repeat(24);
  const emptyGroup = '7'.repeat(24);
  const gone = person('f1', 'Gone');

  it('are reported to the team’s admins when the step starts, and the others still get the task', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        {
          ...step('s1', [ben]),
          assignees: [
            { kind: 'user', userId: ben.userId },
            { kind: 'user', userId: gone.userId },
            { kind: 'group', groupId: deletedGroup },
            { kind: 'group', groupId: emptyGroup },
            { kind: 'answer', fieldId: 'manager' },
          ],
        },
        ...ends,
      ],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    const people = directory({ groups: new Map([[emptyGroup, []]]) });
    const run = createRun(graph, { answers: { manager: 'kein Kontakt' }, people });
    const task = run.taskOf('s1');
    expect(task.assignees.map((assignee) => assignee.name)).toEqual(['Ben']);
    expect(run.state.timeline.map((entry) => entry.kind)).toEqual(['started', 'stepStarted', 'assigneeMissing']);
    expect(run.state.timeline.at(-1)?.missing).toEqual([
      { kind: 'user', name: null },
      { kind: 'group', isDeleted: true },
      { kind: 'group', isDeleted: false },
      { kind: 'answer', fieldLabel: 'Vorgesetzte' },
    ]);
    expect(run.mails.find((mail) => mail.kind === 'approval-assignee-missing')).toEqual(
      expect.objectContaining({
        to: 'olga@example.com',
        userId: olga.userId,
        taskId: task.id,
        missing: [
          { kind: 'user', name: null },
          { kind: 'group', isDeleted: true },
          { kind: 'group', isDeleted: false },
          { kind: 'answer', fieldLabel: 'Vorgesetzte' },
        ],
      }),
    );
  });

  it('of a notify step are reported without a task', () => {
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        { id: 'n1', type: 'notify', label: 'Info', recipients: [{ kind: 'answer', fieldId: 'email' }], message: '' },
        ...ends,
      ],
      ['start:out>n1', 'n1:out>yes'],
    );
    const run = createRun(graph);
    expect(run.mails).toContainEqual(
      expect.objectContaining({ kind: 'approval-assignee-missing', taskId: null, stepLabel: 'Info' }),
    );
  });

  it('a member who leaves or a group deleted later is reported for each open task it concerns, once per event', () => {
    const group = '9'.repeat(24);
    const graph = graphOf(
      [
        { id: 'start', type: 'start' },
        {
          ...step('s1', [anna]),
          assignees: [
            { kind: 'user', userId: anna.userId },
            { kind: 'group', groupId: group },
          ],
        },
        ...ends,
      ],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    const run = createRun(graph, { people: directory() });
    const before = run.mails.length;
    expect(
      run.send({ type: 'assigneeLost', lost: { kind: 'user', userId: dora.userId ?? '', name: 'Dora' } }).hasChanged,
    ).toBe(false);
    run.send({ type: 'assigneeLost', lost: { kind: 'user', userId: anna.userId ?? '', name: 'Anna' } });
    run.send({ type: 'assigneeLost', lost: { kind: 'group', groupId: group } });
    expect(
      run.mails.slice(before).map((mail) => (mail.kind === 'approval-assignee-missing' ? mail.missing : null)),
    ).toEqual([[{ kind: 'user', name: 'Anna' }], [{ kind: 'group', isDeleted: true }]]);
    run.vote('s1', ben);
    expect(run.send({ type: 'assigneeLost', lost: { kind: 'group', groupId: group } }).hasChanged).toBe(false);
  });
});
