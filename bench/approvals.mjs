// Figures of the approvals issue (15), printed, never asserted:
// 1. 20 approvers decide the same open task at once (three rounds): how many 200 and 409 TASK_CLOSED,
//    how many transitions the instance recorded for that step (its timeline), p50 and max latency;
// 2. an inbox of 10 000 open tasks over 50 people (200 each): the first page of `mine` for one of them,
//    cold (their first request) and warm (p50/p95 of 20);
// 3. 1 000 reminders falling due at once: how long until the first and the last reminder mail was
//    sent, and whether any task was reminded twice.
// Usage: `node bench/approvals.mjs` (after `npm run build`; nothing else needs to run). It starts its
// own embedded database (PostgreSQL + FerretDB) and the built api in a temporary directory on free ports
// of 127.0.0.1, sends a bounded number of requests, and stops every process it started (on Ctrl-C too).
//
// Every instance is started the honest way while time allows: public submissions through the api, in
// waves the job queue starts before the next is sent, with the seconds printed. Starting 10 000 that
// way takes about ten minutes on two cores (13–21 a second), so by default the api starts instances for 120 s (part 2)
// and 100 s (part 3), and the rest are copies of those in the database: for the inbox, copies of their
// inbox entries (all the inbox reads); for the reminders, copies of whole instances with their inbox
// entry and queued timer job, which the api's timer and mail jobs then run as any other. Each table
// says how many came through the api and how many are copies. BENCH_INBOX_SEED_S=3000 starts all
// through the api; BENCH_INBOX_TASKS, BENCH_REMINDERS and BENCH_DECISION_ROUNDS make a smaller run.
// The reminders' time is moved, not the clock (as the api's deadline tests do): their `remindAt` is
// set an hour earlier and their queued timer jobs are made due at the same moment.

import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { waitForMailFileLink } from '@formwerk/build-config/mail-files';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { mongoose, startBenchRun, startIsolatedApi } from './isolated-api.mjs';
import { apiClient, buyPlan, percentile } from './support.mjs';

// On Node 24 like the site it measures (the same re-run as npm start and npm test).
await runOnCurrentNode();

const { ObjectId } = mongoose.Types;

const deciders = 20;
const decisionRounds = Number(process.env.BENCH_DECISION_ROUNDS ?? 3);
const people = 50;
const inboxTasks = Number(process.env.BENCH_INBOX_TASKS ?? 10_000);
const inboxSamples = 20;
const reminders = Number(process.env.BENCH_REMINDERS ?? 1000);
// Public submissions in flight at once while seeding.
const submitConcurrency = 25;
// Bounds: the whole run stays within about ten minutes on two cores. The inbox's instances are started
// through the api for this long at most; the entries still missing then are copies of theirs.
const inboxSeedLimitMs = Number(process.env.BENCH_INBOX_SEED_S ?? 120) * 1000;
// The reminders' instances likewise, for this long (then copies of them, each with its timer job).
const reminderSeedLimitMs = Number(process.env.BENCH_REMINDER_SEED_S ?? 100) * 1000;
const reminderLimitMs = Number(process.env.BENCH_REMINDER_WAIT_S ?? 300) * 1000;
const run = startBenchRun('approvals');
const { log, elapsed } = run;
const round = (value, digits = 0) => (value === undefined ? '–' : Number(value.toFixed(digits)));

// --- people, forms, workflows through the api ---

/** A new account (sign-up, then the verification link of its mail file, which signs in). */
async function signUp(call, mailDirectory, name) {
  const email = `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await call('/auth/sign-up', {
    method: 'POST',
    body: { name, email, password: 'bench password 1', locale: 'en' },
  });
  if (response.status !== 202) throw new Error(`Sign-up answered ${response.status}`);
  await response.arrayBuffer();
  const link = await waitForMailFileLink(mailDirectory, { kind: 'verify-email', to: email, timeoutMs: 30_000 });
  const verified = await call(link.replace(/^\/api\/v1/, ''));
  await verified.arrayBuffer();
  if (verified.status !== 303) throw new Error(`The verification link answered ${verified.status}`);
  const jar = Object.fromEntries(verified.headers.getSetCookie().map((cookie) => cookie.split(';')[0].split('=')));
  const session = { cookies: `token=${jar.token}`, csrf: decodeURIComponent(jar.csrf) };
  return { name, email, session };
}

async function expectStatus(response, status, what) {
  if (response.status === status) return response.json();
  const body = await response.arrayBuffer();
  throw new Error(`${what} answered ${response.status}: ${Buffer.from(body).toString().slice(0, 500)}`);
}

async function createPublishedForm(call, session, title, fields) {
  const form = await expectStatus(
    await call('/forms', { method: 'POST', body: { title }, session }),
    201,
    'Creating a form',
  );
  const definition = { title, language: 'en', pages: [{ id: 'p1', fields }] };
  await expectStatus(
    await call(`/forms/${form.id}`, { method: 'PUT', body: { version: 1, definition }, session }),
    200,
    'Saving the form',
  );
  await expectStatus(await call(`/forms/${form.id}/publish`, { method: 'POST', session }), 200, 'Publishing the form');
  return form.id;
}

const emailField = (id, label) => ({ id, type: 'email', label });

/** A graph from nodes and `source:handle>target` edges (as the api tests write them). */
function graphOf(nodes, edges) {
  return {
    nodes: nodes.map((node, index) => ({ position: { x: 0, y: index * 120 }, ...node })),
    edges: edges.map((edge, index) => {
      const [source, rest] = edge.split(':');
      const [sourceHandle, target] = rest.split('>');
      return { id: `e${index}`, source, sourceHandle, target };
    }),
    screens: [],
  };
}

const endNodes = [
  { id: 'yes', type: 'end', outcome: 'approved' },
  { id: 'no', type: 'end', outcome: 'rejected' },
];

/** One approval step whose approvers are the addresses typed into `fieldIds` (assignee kind `answer`). */
function oneStepGraph(fieldIds, extra = {}) {
  return graphOf(
    [
      { id: 'start', type: 'start' },
      {
        id: 's1',
        type: 'approval',
        label: 'Check',
        mode: 'vote',
        rule: { kind: 'any' },
        assignees: fieldIds.map((fieldId) => ({ kind: 'answer', fieldId })),
        ...extra,
      },
      ...endNodes,
    ],
    ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
  );
}

async function publishWorkflow(call, session, { name, formId, graph }) {
  const created = await expectStatus(
    await call('/workflows', { method: 'POST', body: { name, formIds: [formId] }, session }),
    201,
    'Creating a workflow',
  );
  const saved = await expectStatus(
    await call(`/workflows/${created.id}`, {
      method: 'PUT',
      body: { name, formIds: [formId], graph, revision: created.revision },
      session,
    }),
    200,
    'Saving the workflow',
  );
  await expectStatus(
    await call(`/workflows/${created.id}/publish`, { method: 'POST', body: { revision: saved.revision }, session }),
    200,
    'Publishing the workflow',
  );
  return created.id;
}

/** The form's start token, once the minimum fill time (3 s, counted from it) has passed. */
async function startTokenOf(call, formId) {
  const served = await expectStatus(await call(`/public/forms/${formId}`), 200, 'The public form');
  await sleep(3100);
  return served.startToken;
}

/**
 * `total` public submissions of the form, `concurrency` at once; the answers of the `index`th from
 * `answersOf(first + index)`.
 */
async function submitMany(call, formId, startToken, { first = 0, total, answersOf, concurrency = submitConcurrency }) {
  const submissionIds = [];
  let next = 0;
  let refused = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < total) {
        const index = next;
        next += 1;
        const response = await call(`/public/forms/${formId}/submissions`, {
          method: 'POST',
          body: { answers: answersOf(first + index), idempotencyKey: crypto.randomUUID(), startToken },
        });
        if (response.status === 201) submissionIds[index] = (await response.json()).submissionId;
        else {
          refused += 1;
          await response.arrayBuffer();
        }
      }
    }),
  );
  return { submissionIds: submissionIds.filter(Boolean), refused };
}

/**
 * Up to `total` public submissions in waves of `wave`, each wave sent once the job queue has started
 * every instance of the waves before (its task is listed in an inbox, approval-task.model.ts), until
 * `limitMs` has passed, so that the starts measured are those of a queue keeping up with its
 * respondents. Answers how many were stored and started, and when.
 */
async function seedStarted(call, db, formId, { total, answersOf, wave = 250, limitMs }) {
  const startToken = await startTokenOf(call, formId);
  const openEntries = () => db.collection('approvaltasks').countDocuments({ formId, box: 'mine' });
  const since = performance.now();
  let stored = 0;
  let refused = 0;
  let started = 0;
  let submitMs = 0;
  let lastReport = since;
  while (stored + refused < total && performance.now() - since < limitMs) {
    const sent = performance.now();
    const result = await submitMany(call, formId, startToken, {
      first: stored + refused,
      total: Math.min(wave, total - stored - refused),
      answersOf,
    });
    submitMs += performance.now() - sent;
    stored += result.submissionIds.length;
    refused += result.refused;
    const waited = await waitForCount(openEntries, stored, Math.max(60_000, limitMs - (performance.now() - since)));
    started = waited.value;
    if (!waited.isComplete) break;
    if (performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      log(`  … ${started} started of ${stored} stored`);
    }
  }
  return { stored, refused, started, seconds: (performance.now() - since) / 1000, submitSeconds: submitMs / 1000 };
}

/** Polls `count()` until it reaches `total` or `limitMs` passes; prints progress every 15 s. */
async function waitForCount(count, total, limitMs, what = '') {
  const since = performance.now();
  let lastReport = since;
  let value = await count();
  while (value < total && performance.now() - since < limitMs) {
    await sleep(500);
    value = await count();
    if (what && performance.now() - lastReport > 15_000) {
      lastReport = performance.now();
      log(`  … ${value} of ${total} ${what}`);
    }
  }
  return { value, seconds: (performance.now() - since) / 1000, isComplete: value >= total };
}

// --- 1. twenty decisions on one task at once ---

async function measureConcurrentDecisions(call, owner, approvers) {
  const fieldIds = Array.from({ length: deciders }, (_, index) => `a${index}`);
  const formId = await createPublishedForm(call, owner.session, 'Concurrent decisions', [
    emailField('requester', 'Requester'),
    ...fieldIds.map((id, index) => emailField(id, `Approver ${index + 1}`)),
    // The next step's approver.
    emailField('next', 'Next approver'),
  ]);
  const graph = graphOf(
    [
      { id: 'start', type: 'start' },
      {
        id: 's1',
        type: 'approval',
        label: 'Twenty approvers',
        mode: 'vote',
        rule: { kind: 'any' },
        assignees: fieldIds.map((fieldId) => ({ kind: 'answer', fieldId })),
      },
      { id: 's2', type: 'approval', label: 'Next', assignees: [{ kind: 'answer', fieldId: 'next' }] },
      ...endNodes,
    ],
    ['start:out>s1', 's1:approved>s2', 's1:rejected>no', 's2:approved>yes', 's2:rejected>no'],
  );
  await publishWorkflow(call, owner.session, { name: 'Twenty at once', formId, graph });
  const group = approvers.slice(0, deciders);
  const answers = {
    requester: 'requester@example.org',
    next: approvers[deciders].email,
    ...Object.fromEntries(fieldIds.map((id, index) => [id, group[index].email])),
  };
  const { submissionIds } = await submitMany(call, formId, await startTokenOf(call, formId), {
    total: decisionRounds,
    answersOf: () => answers,
    concurrency: 1,
  });
  const rounds = [];
  for (const submissionId of submissionIds) {
    // The job queue starts the instance; the first approver's inbox lists its task once it has.
    let task;
    const deadline = Date.now() + 60_000;
    while (!task && Date.now() < deadline) {
      const inbox = await expectStatus(
        await call('/approvals/tasks?tab=mine&pageSize=100', { session: group[0].session }),
        200,
        'The inbox',
      );
      task = inbox.tasks.find((candidate) => candidate.submissionId === submissionId);
      if (!task) await sleep(200);
    }
    if (!task) throw new Error(`The task of submission ${submissionId} did not reach the inbox within 60 s`);
    const answered = await Promise.all(
      group.map(async (approver) => {
        const sent = performance.now();
        const response = await call(`/approvals/tasks/${task.id}/decision`, {
          method: 'POST',
          body: { outcome: 'approve' },
          session: approver.session,
        });
        const body = await response.json().catch(() => ({}));
        return { status: response.status, code: body.error?.code ?? null, ms: performance.now() - sent };
      }),
    );
    const instance = await expectStatus(
      await call(`/submissions/${submissionId}/workflow`, { session: owner.session }),
      200,
      'The instance',
    );
    const closings = instance.timeline.filter(
      (entry) => (entry.kind === 'approved' || entry.kind === 'rejected') && entry.nodeId === 's1',
    );
    const nextSteps = instance.timeline.filter((entry) => entry.kind === 'stepStarted' && entry.nodeId === 's2');
    const others = answered.filter((answer) => answer.status !== 200 && answer.code !== 'TASK_CLOSED');
    rounds.push({
      ok: answered.filter((answer) => answer.status === 200).length,
      closed: answered.filter((answer) => answer.status === 409 && answer.code === 'TASK_CLOSED').length,
      other: others.map((answer) => `${answer.status} ${answer.code ?? ''}`.trim()),
      transitions: closings.length,
      nextSteps: nextSteps.length,
      latencies: answered.map((answer) => answer.ms),
    });
  }
  return { rounds };
}

// --- 2. the inbox of 10 000 open tasks over 50 people ---

async function seedInbox(call, owner, approvers, db) {
  const formId = await createPublishedForm(call, owner.session, 'Inbox', [
    emailField('requester', 'Requester'),
    emailField('approver', 'Approver'),
  ]);
  await publishWorkflow(call, owner.session, { name: 'Inbox', formId, graph: oneStepGraph(['approver']) });
  const seeded = await seedStarted(call, db, formId, {
    total: inboxTasks,
    answersOf: (index) => ({ requester: `requester-${index}@example.org`, approver: approvers[index % people].email }),
    limitMs: inboxSeedLimitMs,
  });
  log(
    `  ${seeded.started} of ${seeded.stored} submissions started in ${seeded.seconds.toFixed(0)} s` +
      ` (${seeded.refused} refused, ${seeded.submitSeconds.toFixed(0)} s of it sending them)`,
  );
  const copied = await copyInboxEntries(db, formId, inboxTasks);
  if (copied > 0) log(`  ${copied} more inbox entries copied from those in the database, ${inboxTasks} in all`);
  return { ...seeded, copied };
}

/**
 * Tops the inbox entries of the form's started instances up to `target` with copies of them (each
 * under a new task, instance and submission id, the same person, a later number), round the people:
 * the inbox reads these entries alone, by equality on {userId, box} (approvals.service.ts). Nothing
 * else of the copies exists (no instance, no submission): only the inbox is measured on them.
 */
async function copyInboxEntries(db, formId, target) {
  const entries = db.collection('approvaltasks');
  const real = await entries.find({ formId, box: 'mine' }).sort({ createdAt: 1 }).toArray();
  if (real.length === 0 || real.length >= target) return 0;
  let number = Math.max(...real.map((entry) => entry.submissionNumber ?? 0));
  let batch = [];
  for (let index = real.length; index < target; index += 1) {
    const source = real[index % real.length];
    const taskId = new ObjectId().toString();
    number += 1;
    batch.push({
      ...source,
      _id: `${taskId}:${source.userId}`,
      taskId,
      instanceId: new ObjectId().toString(),
      submissionId: new ObjectId().toString(),
      submissionNumber: number,
      createdAt: new Date(source.createdAt.getTime() + index),
      searchText: source.searchText.replace(/#\d+$/, `#${number}`),
    });
    if (batch.length === 1000 || index === target - 1) {
      await entries.insertMany(batch, { ordered: false });
      batch = [];
    }
  }
  return target - real.length;
}

async function measureInbox(call, person) {
  const path = '/approvals/tasks?tab=mine&page=1';
  const timeOnce = async () => {
    const sent = performance.now();
    const body = await expectStatus(await call(path, { session: person.session }), 200, 'The inbox');
    return { ms: performance.now() - sent, body };
  };
  const cold = await timeOnce();
  const warm = [];
  for (let sample = 0; sample < inboxSamples; sample += 1) warm.push((await timeOnce()).ms);
  return {
    coldMs: cold.ms,
    p50Ms: percentile(warm, 0.5),
    p95Ms: percentile(warm, 0.95),
    open: cold.body.counts.mine,
    listed: cold.body.tasks.length,
  };
}

// --- 3. a thousand reminders falling due at once ---

function reminderMails(mailDirectory) {
  return existsSync(mailDirectory)
    ? readdirSync(mailDirectory).filter((name) => name.includes('-approval-reminder-') && name.endsWith('.eml'))
    : [];
}

const decodeQuotedPrintable = (text) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * Tops the started instances up to `target` with copies of them, made as the api makes them: each
 * under a new instance, submission and task id (and a later number), with the inbox entry of its task
 * and the timer job the queue holds for its reminder (workflow-queue.ts). The timer job of a copy
 * runs exactly as that of an instance started through the api: it reads the instance, its workflow
 * version and its people, and mails the reminder through the outbox.
 */
async function copyInstancesWithTimers(db, realIds, target) {
  if (realIds.length === 0 || realIds.length >= target) return 0;
  const instances = db.collection('workflowinstances');
  const entries = db.collection('approvaltasks');
  const jobs = db.collection('queuedjobs');
  const real = await instances.find({ _id: { $in: realIds } }).toArray();
  const jobOf = new Map(
    (await jobs.find({ name: 'run-workflow-timers', 'data.instanceId': { $in: realIds.map(String) } }).toArray()).map(
      (job) => [job.data.instanceId, job],
    ),
  );
  const entriesOf = new Map();
  for (const entry of await entries.find({ formId: real[0].formId.toString() }).toArray()) {
    entriesOf.set(entry.taskId, [...(entriesOf.get(entry.taskId) ?? []), entry]);
  }
  let number = Math.max(...real.map((instance) => instance.submissionNumber ?? 0));
  for (let index = real.length; index < target; index += 50) {
    const copies = [];
    const copiedEntries = [];
    const copiedJobs = [];
    for (let offset = index; offset < Math.min(target, index + 50); offset += 1) {
      const source = real[offset % real.length];
      const [sourceTaskId, task] = Object.entries(source.tasks)[0];
      const instanceId = new ObjectId();
      const taskId = new ObjectId().toString();
      const submissionId = new ObjectId();
      number += 1;
      copies.push({
        ...source,
        _id: instanceId,
        submissionId,
        submissionNumber: number,
        tasks: { [taskId]: { ...task, id: taskId } },
        taskIds: [taskId],
        outbox: {},
      });
      for (const entry of entriesOf.get(sourceTaskId) ?? []) {
        copiedEntries.push({
          ...entry,
          _id: `${taskId}:${entry.userId}`,
          taskId,
          instanceId: instanceId.toString(),
          submissionId: submissionId.toString(),
          submissionNumber: number,
          searchText: entry.searchText.replace(/#\d+$/, `#${number}`),
        });
      }
      const job = jobOf.get(source._id.toString());
      if (job) copiedJobs.push({ ...job, _id: randomUUID(), data: { ...job.data, instanceId: instanceId.toString() } });
    }
    await instances.insertMany(copies, { ordered: false });
    if (copiedEntries.length > 0) await entries.insertMany(copiedEntries, { ordered: false });
    if (copiedJobs.length > 0) await jobs.insertMany(copiedJobs, { ordered: false });
  }
  return target - real.length;
}

async function measureReminders(call, owner, approvers, db, mailDirectory) {
  const formId = await createPublishedForm(call, owner.session, 'Reminders', [
    emailField('requester', 'Requester'),
    emailField('approver', 'Approver'),
  ]);
  // Due 25 hours after the step starts, a reminder 24 hours before: each reminder falls due an hour
  // after its instance starts.
  const deadline = { due: { kind: 'duration', hours: 25 }, remindBeforeHours: 24, onBreach: 'notify' };
  await publishWorkflow(call, owner.session, {
    name: 'Reminders',
    formId,
    graph: oneStepGraph(['approver'], { deadline }),
  });
  const seeded = await seedStarted(call, db, formId, {
    total: reminders,
    answersOf: (index) => ({ requester: `asker-${index}@example.org`, approver: approvers[index % people].email }),
    limitMs: reminderSeedLimitMs,
  });
  log(`  ${seeded.started} of ${seeded.stored} instances started in ${seeded.seconds.toFixed(0)} s`);
  const instances = db.collection('workflowinstances');
  const jobs = db.collection('queuedjobs');
  const formObjectId = new ObjectId(formId);
  const timerJobsOf = (ids) => ({ name: 'run-workflow-timers', 'data.instanceId': { $in: ids.map(String) } });

  // Each started instance queued its timer job for an hour from now (workflow-queue.ts).
  const realIds = (await instances.find({ formId: formObjectId }, { projection: { _id: 1 } }).toArray()).map(
    (instance) => instance._id,
  );
  const timers = await waitForCount(
    () => jobs.countDocuments(timerJobsOf(realIds)),
    realIds.length,
    60_000,
    'timer jobs queued',
  );
  // The task mails of the starts go first: the reminders are measured on a quiet queue.
  const pendingMailJobs = () => jobs.countDocuments({ name: 'send-workflow-mails', failedAt: { $exists: false } });
  const drainSince = performance.now();
  while ((await pendingMailJobs()) > 0 && performance.now() - drainSince < 120_000) await sleep(500);
  log(`  ${timers.value} timer jobs queued and the task mails sent`);
  const copied = await copyInstancesWithTimers(db, realIds, reminders);
  if (copied > 0) log(`  ${copied} more instances copied from those, each with its timer job, ${reminders} in all`);

  // An hour passes: the reminder time is moved, not the clock (as the api's deadline tests do), and
  // the timer jobs the queue holds for it are made due now, all at once.
  const all = await instances.find({ formId: formObjectId }, { projection: { _id: 1, tasks: 1 } }).toArray();
  const ids = all.map((instance) => ({ id: instance._id, taskId: Object.keys(instance.tasks)[0] }));
  log(`  moving ${ids.length} reminders an hour earlier …`);
  const past = new Date(Date.now() - 1000).toISOString();
  for (let index = 0; index < ids.length; index += 10) {
    await Promise.all(
      ids
        .slice(index, index + 10)
        .map(({ id, taskId }) =>
          instances.updateOne(
            { _id: id },
            { $set: { [`tasks.${taskId}.deadline.remindAt`]: past, nextTimerAt: past } },
          ),
        ),
    );
  }
  const before = reminderMails(mailDirectory).length;
  const due = performance.now();
  const made = await jobs.updateMany(timerJobsOf(ids.map(({ id }) => id)), { $set: { due: 0 } });
  log(`  ${made.modifiedCount} timer jobs due now; waiting for the reminder mails …`);
  let firstMailSeconds;
  const sent = await waitForCount(
    async () => {
      const count = reminderMails(mailDirectory).length - before;
      if (count > 0) firstMailSeconds ??= (performance.now() - due) / 1000;
      return count;
    },
    ids.length,
    reminderLimitMs,
    'reminder mails sent',
  );
  const allSentSeconds = (performance.now() - due) / 1000;
  // A little longer, for a reminder sent twice to show.
  await sleep(5000);
  const mails = reminderMails(mailDirectory);
  const perTask = new Map();
  for (const name of mails) {
    const text = decodeQuotedPrintable(readFileSync(join(mailDirectory, name), 'utf8'));
    const taskId = text.match(/\/v1\/approve\/([0-9a-f]{24})/)?.[1] ?? name;
    perTask.set(taskId, (perTask.get(taskId) ?? 0) + 1);
  }
  const twice = [...perTask.values()].filter((count) => count > 1).length;
  const reminded = await instances.find({ formId: formObjectId }, { projection: { timeline: 1, outbox: 1 } }).toArray();
  const remindedEntries = reminded.map(
    (instance) => instance.timeline.filter((entry) => entry.kind === 'reminded').length,
  );
  return {
    seeded,
    copied,
    firstMailSeconds,
    instances: ids.length,
    jobsMadeDue: made.modifiedCount,
    mails: mails.length - before,
    tasksReminded: perTask.size,
    twice,
    isComplete: sent.isComplete,
    allSentSeconds,
    timelineTwice: remindedEntries.filter((count) => count > 1).length,
    timelineNone: remindedEntries.filter((count) => count === 0).length,
    outboxLeft: reminded.reduce((sum, instance) => sum + Object.keys(instance.outbox ?? {}).length, 0),
  };
}

// --- the run ---

const { mailDirectory } = run;
const results = {};
try {
  const { api, connection } = await startIsolatedApi(run);
  const db = connection.db;
  const call = apiClient(api.url);

  log(`Signing up the owner and ${people} approvers …`);
  const owner = await signUp(call, mailDirectory, 'Owner');
  // Thousands of public submissions a month: past Free, within Business.
  await buyPlan(call, owner.session, 'business-month');
  const approvers = [];
  for (let index = 0; index < people; index += 5) {
    approvers.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(5, people - index) }, (_, offset) =>
          signUp(call, mailDirectory, `Approver ${index + offset + 1}`),
        ),
      )),
    );
  }

  log(`1. ${deciders} approvers decide one open task at once (${decisionRounds} rounds) …`);
  const decisions = await measureConcurrentDecisions(call, owner, approvers);
  const latencies = decisions.rounds.flatMap((one) => one.latencies);
  console.table(
    decisions.rounds.map((one, index) => ({
      round: index + 1,
      '200 OK': one.ok,
      '409 TASK_CLOSED': one.closed,
      other: one.other.join(', ') || 0,
      'transitions of the step': one.transitions,
      'next steps started': one.nextSteps,
      'p50 ms': round(percentile(one.latencies, 0.5)),
      'max ms': round(Math.max(...one.latencies)),
    })),
  );
  results.decisions = {
    ok: decisions.rounds.map((one) => one.ok),
    closed: decisions.rounds.map((one) => one.closed),
    transitions: decisions.rounds.map((one) => one.transitions),
    nextSteps: decisions.rounds.map((one) => one.nextSteps),
    p50Ms: percentile(latencies, 0.5),
    maxMs: Math.max(...latencies),
  };

  log(`2. Seeding ${inboxTasks} open tasks over ${people} people through public submissions …`);
  const seeded = await seedInbox(call, owner, approvers, db);
  // The person measured decided nothing in part 1: their inbox holds only this part's tasks.
  const measured = approvers[people - 1];
  const inbox = await measureInbox(call, measured);
  console.table([
    {
      'open entries in all': seeded.started + seeded.copied,
      'through the api / copied': `${seeded.started} / ${seeded.copied}`,
      'open tasks of the person': inbox.open,
      'listed on page 1': inbox.listed,
      'cold ms': round(inbox.coldMs),
      'warm p50 ms': round(inbox.p50Ms),
      'warm p95 ms': round(inbox.p95Ms),
    },
  ]);
  results.inbox = { ...seeded, ...inbox };

  log(`3. ${reminders} reminders falling due at once …`);
  const reminded = await measureReminders(call, owner, approvers, db, mailDirectory);
  console.table([
    {
      instances: reminded.instances,
      'through the api / copied': `${reminded.seeded.started} / ${reminded.copied}`,
      'timer jobs made due': reminded.jobsMadeDue,
      'first mail after s': round(reminded.firstMailSeconds, 1),
      'reminder mails': reminded.mails,
      'tasks reminded': reminded.tasksReminded,
      'tasks mailed twice': reminded.twice,
      'all sent after s': reminded.isComplete
        ? round(reminded.allSentSeconds, 1)
        : `not all within ${reminderLimitMs / 1000}`,
      'timeline: reminded twice / never': `${reminded.timelineTwice} / ${reminded.timelineNone}`,
      'outbox left': reminded.outboxLeft,
    },
  ]);
  results.reminders = reminded;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  log('Stopping the api and the database …');
  await run.stopEverything();
}

// --- the figures beside the issue's goals ---

const { decisions, inbox, reminders: reminded } = results;
const oneEach = (values) => values?.every((value) => value === 1);
console.log(`\nFigures (${elapsed()} in all) beside the goals of issue 15:`);
console.table([
  {
    figure: `${deciders} concurrent decisions on one step: transitions (per round)`,
    measured: decisions ? decisions.transitions.join(', ') : 'not measured',
    goal: 'exactly 1',
  },
  {
    figure: '  … 200 / 409 TASK_CLOSED (per round)',
    measured: decisions
      ? decisions.ok.map((ok, index) => `${ok}/${decisions.closed[index]}`).join(', ')
      : 'not measured',
    goal: `1/${deciders - 1}`,
  },
  {
    figure: '  … latency p50 / max ms (all rounds)',
    measured: decisions ? `${round(decisions.p50Ms)} / ${round(decisions.maxMs)}` : 'not measured',
    goal: '',
  },
  {
    figure: 'inbox seeding: instances started through the api in s (per s); entries copied',
    measured: inbox
      ? `${inbox.started} in ${round(inbox.seconds)} (${round(inbox.started / inbox.seconds, 1)}); ${inbox.copied}`
      : 'not measured',
    goal: '',
  },
  {
    figure: `inbox first page (${inbox?.open ?? '~200'} open of ${inbox ? inbox.started + inbox.copied : inboxTasks}), cold / warm p50 / p95 ms`,
    measured: inbox ? `${round(inbox.coldMs)} / ${round(inbox.p50Ms)} / ${round(inbox.p95Ms)}` : 'not measured',
    goal: '≤ 150 ms',
  },
  {
    figure: 'reminders: instances started through the api in s; copied',
    measured: reminded
      ? `${reminded.seeded.started} in ${round(reminded.seeded.seconds)}; ${reminded.copied}`
      : 'not measured',
    goal: '',
  },
  {
    figure: `${reminded?.instances ?? reminders} reminders due at once: first / all sent after s`,
    measured: reminded
      ? `${round(reminded.firstMailSeconds, 1)} / ${
          reminded.isComplete
            ? round(reminded.allSentSeconds, 1)
            : `only ${reminded.mails} of ${reminded.instances} within ${reminderLimitMs / 1000}`
        }`
      : 'not measured',
    goal: '≤ 60 s',
  },
  {
    figure: '  … tasks reminded twice (mails / timeline)',
    measured: reminded ? `${reminded.twice} / ${reminded.timelineTwice}` : 'not measured',
    goal: '0',
  },
  {
    figure: 'editor INP with 50 nodes',
    measured: 'see bench/builder.mjs-like measurement: not in this script',
    goal: '',
  },
]);
if (decisions && !oneEach(decisions.transitions)) console.log('Note: a round recorded other than one transition.');
