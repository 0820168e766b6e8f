import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { useTestDatabase } from '../../test/test-database';
import { createPublishedForm, type Person, signUp } from '../form-notifications/notifications-test-helpers';
import { FormModel } from '../forms/form.model';
import { approvalStep, endNodes, graphOf, joinTeam, requestForm } from './workflow-test-helpers';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

let owner: Person;
let admin: Person;
let member: Person;
let outsider: Person;
let formId: string;

beforeAll(async () => {
  owner = await signUp(app, 'Olga Owner', 'olga@example.com', 'de');
  admin = await signUp(app, 'Ada Admin', 'ada@example.com', 'en');
  member = await signUp(app, 'Mia Member', 'mia@example.com');
  outsider = await signUp(app, 'Otto Outsider', 'otto@example.com');
  await joinTeam(owner, admin, 'admin');
  await joinTeam(owner, member, 'member');
  formId = await createPublishedForm(owner.agent, requestForm);
});

const workflowOfForm = async (id: string) => (await FormModel.findById(id).lean())?.workflowId?.toString() ?? null;

describe('creating, editing and publishing a workflow', () => {
  it('starts as start → "Freigabe" → approved / rejected, left to right, and is listed', async () => {
    const created = await owner.agent.post('/api/v1/workflows').send({ name: 'Urlaub' }).expect(201);
    const { graph } = created.body;
    expect(graph.nodes.map((node: { type: string }) => node.type)).toEqual(['start', 'approval', 'end', 'end']);
    expect(graph.nodes[1]).toMatchObject({ label: 'Freigabe', assignees: [], mode: 'vote', rule: { kind: 'any' } });
    // Left to right, as the editor's automatic layout arranges graphs (ways leave a step on its right).
    const columns = graph.nodes.map((node: { position: { x: number } }) => node.position.x);
    expect(columns[0]).toBeLessThan(columns[1]);
    expect(columns[1]).toBeLessThan(columns[2]);
    expect(columns[2]).toBe(columns[3]);
    expect(graph.edges.map((edge: { sourceHandle: string }) => edge.sourceHandle)).toEqual([
      'out',
      'approved',
      'rejected',
    ]);
    expect(created.body).toMatchObject({
      revision: 0,
      publishedVersion: null,
      hasUnpublishedChanges: true,
      versions: [],
    });

    const list = await member.agent.get('/api/v1/workflows').expect(200);
    expect(list.body.workflows).toEqual([
      expect.objectContaining({
        id: created.body.id,
        name: 'Urlaub',
        forms: [],
        runningCount: 0,
        publishedVersion: null,
      }),
    ]);
  });

  it('an admin who reads English gets the step labelled "Approval"', async () => {
    const created = await admin.agent.post('/api/v1/workflows').send({ name: 'Mine' }).expect(201);
    expect(created.body.graph.nodes[1].label).toBe('Approval');
  });

  it('saves a draft only over the revision it was based on, refuses to publish it while invalid, then publishes version 1', async () => {
    const created = await owner.agent
      .post('/api/v1/workflows')
      .send({ name: 'Reisen', formIds: [formId] })
      .expect(201);
    const id = created.body.id;
    expect(created.body.forms).toEqual([{ id: formId, title: 'Urlaubsantrag' }]);

    const invalid = await owner.agent.post(`/api/v1/workflows/${id}/publish`).send({ revision: 0 }).expect(400);
    expect(invalid.body.error.code).toBe('WORKFLOW_INVALID');
    expect(invalid.body.error.details.problems).toEqual([
      { code: 'STEP_WITHOUT_ASSIGNEES', nodeId: created.body.graph.nodes[1].id },
    ]);

    const graph = graphOf(
      [{ id: 'start', type: 'start' }, approvalStep('s1', [member], { screenId: 'gone' }), ...endNodes],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    const draft = { name: 'Reisen', formIds: [formId], graph };
    const saved = await owner.agent
      .put(`/api/v1/workflows/${id}`)
      .send({ ...draft, revision: 0 })
      .expect(200);
    expect(saved.body.revision).toBe(1);
    const stale = await owner.agent
      .put(`/api/v1/workflows/${id}`)
      .send({ ...draft, revision: 0 })
      .expect(409);
    expect(stale.body.error).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentRevision: 1 } });

    const missingScreen = await owner.agent.post(`/api/v1/workflows/${id}/publish`).send({ revision: 1 }).expect(400);
    expect(missingScreen.body.error.details.problems).toEqual([{ code: 'SCREEN_MISSING', nodeId: 's1', ref: 'gone' }]);

    // A condition on a field the attached form does not have: checked against every attached form.
    const withCondition = graphOf(
      [
        { id: 'start', type: 'start' },
        {
          id: 'c1',
          type: 'condition',
          label: 'Lang?',
          rules: [
            { id: 'r1', label: 'Lang', combinator: 'and', conditions: [{ fieldId: 'nope', operator: 'isEmpty' }] },
          ],
        },
        approvalStep('s1', [member]),
        ...endNodes,
      ],
      ['start:out>c1', 'c1:r1>s1', 'c1:default>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    await owner.agent
      .put(`/api/v1/workflows/${id}`)
      .send({ ...draft, graph: withCondition, revision: 1 })
      .expect(200);
    const badField = await owner.agent.post(`/api/v1/workflows/${id}/publish`).send({ revision: 2 }).expect(400);
    expect(badField.body.error.details.problems).toContainEqual({ code: 'FIELD_MISSING', nodeId: 'c1', ref: 'nope' });

    const fixed = graphOf(
      [{ id: 'start', type: 'start' }, approvalStep('s1', [member]), ...endNodes],
      ['start:out>s1', 's1:approved>yes', 's1:rejected>no'],
    );
    await owner.agent
      .put(`/api/v1/workflows/${id}`)
      .send({ ...draft, graph: fixed, revision: 2 })
      .expect(200);
    expect((await owner.agent.post(`/api/v1/workflows/${id}/publish`).send({ revision: 2 })).status).toBe(409);
    const published = await owner.agent.post(`/api/v1/workflows/${id}/publish`).send({ revision: 3 }).expect(200);
    expect(published.body).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: false, revision: 3 });
    expect(published.body.versions).toEqual([
      { version: 1, publishedAt: expect.any(String), publishedBy: 'Olga Owner' },
    ]);

    const version = await member.agent.get(`/api/v1/workflows/${id}/versions/1`).expect(200);
    expect(version.body).toMatchObject({ workflowId: id, version: 1, name: 'Reisen' });
    expect(version.body.graph.nodes.map((node: { id: string }) => node.id)).toEqual(['start', 's1', 'yes', 'no']);
    await member.agent.get(`/api/v1/workflows/${id}/versions/2`).expect(404);

    // Editing again marks the draft as changed; the published version stays as it was.
    const renamed = await owner.agent
      .put(`/api/v1/workflows/${id}`)
      .send({ ...draft, name: 'Dienstreisen', graph: fixed, revision: 3 })
      .expect(200);
    expect(renamed.body).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: true });
    expect(await workflowOfForm(formId)).toBe(id);
  });
});

describe('forms of workflows', () => {
  it('attaching a form another workflow holds moves it; deleting a workflow detaches its forms', async () => {
    const first = await owner.agent
      .post('/api/v1/workflows')
      .send({ name: 'A', formIds: [formId] })
      .expect(201);
    expect(await workflowOfForm(formId)).toBe(first.body.id);
    const second = await owner.agent
      .post('/api/v1/workflows')
      .send({ name: 'B', formIds: [formId] })
      .expect(201);
    expect(await workflowOfForm(formId)).toBe(second.body.id);
    const firstNow = await owner.agent.get(`/api/v1/workflows/${first.body.id}`).expect(200);
    expect(firstNow.body.forms).toEqual([]);

    await owner.agent.delete(`/api/v1/workflows/${second.body.id}`).expect(204);
    expect(await workflowOfForm(formId)).toBeNull();
    await owner.agent.get(`/api/v1/workflows/${second.body.id}`).expect(404);
  });

  it('a form of another team cannot be attached', async () => {
    const foreign = await createPublishedForm(outsider.agent, requestForm);
    const response = await owner.agent
      .post('/api/v1/workflows')
      .send({ name: 'X', formIds: [foreign] })
      .expect(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('a copy takes the draft but no form', async () => {
    const original = await owner.agent
      .post('/api/v1/workflows')
      .send({ name: 'Einkauf', formIds: [formId] })
      .expect(201);
    const copy = await owner.agent.post(`/api/v1/workflows/${original.body.id}/duplicate`).expect(201);
    expect(copy.body).toMatchObject({ name: 'Einkauf (Kopie)', forms: [], publishedVersion: null, revision: 0 });
    expect(copy.body.graph).toEqual(original.body.graph);
    expect(await workflowOfForm(formId)).toBe(original.body.id);
  });
});

describe('who may do what', () => {
  it('members read workflows and the people to assign, but do not edit; other teams see nothing', async () => {
    const created = await owner.agent.post('/api/v1/workflows').send({ name: 'Geheim' }).expect(201);
    await member.agent.get(`/api/v1/workflows/${created.body.id}`).expect(200);
    const refused = await member.agent.post('/api/v1/workflows').send({ name: 'Nein' }).expect(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');
    await member.agent.delete(`/api/v1/workflows/${created.body.id}`).expect(403);
    const group = await owner.agent.post('/api/v1/team/groups').send({ name: 'Einkauf' }).expect(201);
    const people = await member.agent.get('/api/v1/workflows/people').expect(200);
    expect(people.body.users.map((user: { name: string }) => user.name)).toEqual([
      'Ada Admin',
      'Mia Member',
      'Olga Owner',
    ]);
    expect(people.body.groups).toEqual([{ id: group.body.id, name: 'Einkauf', memberCount: 0 }]);
    await outsider.agent.get(`/api/v1/workflows/${created.body.id}`).expect(404);
  });
});
