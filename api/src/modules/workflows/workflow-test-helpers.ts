import { type CaughtMail, startMailCatcher } from '@formwerk/build-config/mail-catcher';
import type { FormDefinitionInput, WorkflowGraphInput } from '@formwerk/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import { startJobWorker } from '../../platform/jobs';
import { createLogger } from '../../platform/logger';
import type { Person } from '../form-notifications/notifications-test-helpers';
import { createSendMailJob } from '../mail/mail.service';
import { addTeamMember } from '../teams/teams.service';
import { createWorkflowJobs } from './workflow-jobs';

// Shared by the api tests of this module: the job worker that starts instances and sends their mails
// (to a real SMTP server on loopback), and workflows built through the api.

export const testPublicUrl = 'http://forms.test';

/** Call after `useTestDatabase()`: workflow jobs run every 100 ms, their mails reach a mail catcher. */
export function useWorkflowJobs() {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
  let worker: { stop: () => Promise<void> } | undefined;
  const logger = createLogger({ level: 'silent' });
  beforeAll(async () => {
    catcher = await startMailCatcher();
    const settings = {
      smtpUrl: catcher.url,
      from: 'Formwerk <no-reply@forms.test>',
      directory: '',
      publicUrl: testPublicUrl,
    };
    worker = await startJobWorker({
      definitions: [...createWorkflowJobs(settings, logger), createSendMailJob(settings, logger)],
      logger,
      processEveryMs: 100,
      firstRetryDelayMs: 200,
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await catcher?.stop();
  });
  const matches = (to: string, subject: RegExp) => (mail: CaughtMail) =>
    mail.to.includes(to) && subject.test(mail.subject);
  return {
    waitForMail(to: string, subject: RegExp) {
      if (!catcher) throw new Error('The mail catcher is not running');
      return catcher.waitForMail(matches(to, subject));
    },
    /** How many mails reached `to` whose subject matches, and, with `containing`, whose text has it. */
    countMails(to: string, subject = /./, containing = '') {
      return catcher?.mails.filter((mail) => matches(to, subject)(mail) && mail.text.includes(containing)).length ?? 0;
    },
  };
}

type NodeInput = Record<string, unknown> & { id: string; type: string };

/** A graph from nodes and `source:handle>target` edges, laid out top to bottom. */
export function graphOf(nodes: NodeInput[], edges: string[], screens: unknown[] = []): WorkflowGraphInput {
  return {
    nodes: nodes.map((node, index) => ({ position: { x: 0, y: index * 120 }, ...node })),
    edges: edges.map((edge, index) => {
      const [source = '', rest = ''] = edge.split(':');
      const [sourceHandle = '', target = ''] = rest.split('>');
      return { id: `e${index}`, source, sourceHandle, target };
    }),
    screens,
  } as WorkflowGraphInput;
}

export const approvalStep = (id: string, people: Person[], extra: Record<string, unknown> = {}): NodeInput => ({
  id,
  type: 'approval',
  label: `Schritt ${id}`,
  assignees: people.map((person) => ({ kind: 'user', userId: person.userId })),
  ...extra,
});

export const endNodes: NodeInput[] = [
  { id: 'yes', type: 'end', outcome: 'approved' },
  { id: 'no', type: 'end', outcome: 'rejected' },
];

/** Creates a workflow for the forms, saves `graph` as its draft and publishes it; answers its id. */
export async function publishWorkflow(
  owner: Person,
  { name = 'Freigabe', formIds, graph }: { name?: string; formIds: string[]; graph: WorkflowGraphInput },
): Promise<string> {
  const created = await owner.agent.post('/api/v1/workflows').send({ name, formIds }).expect(201);
  const saved = await owner.agent
    .put(`/api/v1/workflows/${created.body.id}`)
    .send({ name, formIds, graph, revision: created.body.revision });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const published = await owner.agent
    .post(`/api/v1/workflows/${created.body.id}/publish`)
    .send({ revision: saved.body.revision });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return created.body.id;
}

export const requestForm: FormDefinitionInput = {
  title: 'Urlaubsantrag',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'email', type: 'email', label: 'E-Mail' },
        { id: 'days', type: 'number', label: 'Tage', decimals: 0 },
        { id: 'reason', type: 'longText', label: 'Grund' },
      ],
    },
  ],
};

/** Makes `person` a member of the owner's team and switches their session to it. */
export async function joinTeam(owner: Person, person: Person, role: 'admin' | 'member'): Promise<void> {
  await addTeamMember(owner.teamId, person.userId, role);
  await person.agent.post('/api/v1/teams/current').send({ teamId: owner.teamId }).expect(200);
}
