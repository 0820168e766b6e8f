import {
  type Locale,
  validateWorkflowGraph,
  type WorkflowGraph,
  type WorkflowListResponse,
  type WorkflowPeopleResponse,
  type WorkflowProblem,
  type WorkflowResponse,
  type WorkflowVersionResponse,
  type WorkflowVersionSummary,
} from '@formwerk/contracts';
import { Types } from 'mongoose';
import { isDuplicateKey, trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { createElementId, findFormOfTeam, findFormRowsOfTeam, setFormWorkflow } from '../forms/forms.service';
import { listGroups } from '../groups/groups.service';
import { findTeam } from '../teams/teams.service';
import { findUserById, findUsersByIds } from '../users/users.service';
import { type Workflow, WorkflowModel } from './workflow.model';
import { WorkflowCounterModel } from './workflow-counter.model';
import { type WorkflowVersion, WorkflowVersionModel } from './workflow-version.model';

type Team = { teamId: number };
type Editor = Team & { userId: string };
type FormTitles = Map<string, string>;

export type SaveWorkflowInput = {
  name: string;
  description: string;
  formIds: string[];
  graph: WorkflowGraph;
  revision: number;
};

function notFound(): AppError {
  return new AppError('NOT_FOUND', 404, 'No such workflow');
}

function versionConflict(currentRevision: number): AppError {
  return new AppError('VERSION_CONFLICT', 409, 'The workflow was saved elsewhere in the meantime', {
    currentRevision,
  });
}

async function localeOf(userId: string): Promise<Locale> {
  return (await findUserById(userId))?.locale ?? 'de';
}

/**
 * The draft a new workflow starts with: start → one approval step → approved / rejected, left to right as
 * the editor lays graphs out (a node's ways out leave on its right).
 */
function createDefaultGraph(locale: Locale): WorkflowGraph {
  const [start, step, approved, rejected] = [
    createElementId(),
    createElementId(),
    createElementId(),
    createElementId(),
  ];
  return {
    nodes: [
      { id: start, type: 'start', position: { x: 0, y: 60 } },
      {
        id: step,
        type: 'approval',
        position: { x: 300, y: 40 },
        label: locale === 'en' ? 'Approval' : 'Freigabe',
        assignees: [],
        mode: 'vote',
        rule: { kind: 'any' },
      },
      { id: approved, type: 'end', outcome: 'approved', position: { x: 600, y: 0 } },
      { id: rejected, type: 'end', outcome: 'rejected', position: { x: 600, y: 140 } },
    ],
    edges: [
      { id: createElementId(), source: start, sourceHandle: 'out', target: step },
      { id: createElementId(), source: step, sourceHandle: 'approved', target: approved },
      { id: createElementId(), source: step, sourceHandle: 'rejected', target: rejected },
    ],
    screens: [],
  };
}

async function findFormTitles(teamId: number): Promise<FormTitles> {
  return new Map((await findFormRowsOfTeam(teamId)).map((form) => [form._id.toString(), form.title]));
}

const formsOf = (workflow: Pick<Workflow, 'formIds'>, titles: FormTitles) =>
  workflow.formIds.flatMap((formId) => {
    const title = titles.get(formId.toString());
    return title === undefined ? [] : [{ id: formId.toString(), title }];
  });

const hasUnpublishedChanges = (workflow: Pick<Workflow, 'revision' | 'publishedRevision'>) =>
  workflow.publishedRevision !== workflow.revision;

function toVersionSummary(version: Omit<WorkflowVersion, 'graph'>): WorkflowVersionSummary {
  return {
    version: version.version,
    publishedAt: version.publishedAt.toISOString(),
    publishedBy: version.publishedBy,
  };
}

async function toWorkflowResponse(workflow: Workflow, titles?: FormTitles): Promise<WorkflowResponse> {
  const [formTitles, versions] = await Promise.all([
    titles ?? findFormTitles(workflow.teamId),
    WorkflowVersionModel.find({ workflowId: workflow._id }, { graph: 0 }).lean<Omit<WorkflowVersion, 'graph'>[]>(),
  ]);
  return {
    id: workflow._id.toString(),
    name: workflow.name,
    description: workflow.description ?? '',
    forms: formsOf(workflow, formTitles),
    graph: workflow.graph,
    revision: workflow.revision,
    publishedVersion: workflow.publishedVersion ?? null,
    hasUnpublishedChanges: hasUnpublishedChanges(workflow),
    versions: versions.sort((left, right) => right.version - left.version).map(toVersionSummary),
    updatedAt: workflow.updatedAt.toISOString(),
  };
}

/** Another team's workflow answers 404, exactly like one that does not exist. */
async function findWorkflowOfTeam(team: Team, workflowId: string): Promise<Workflow> {
  const workflow = await WorkflowModel.findOne({ _id: workflowId, teamId: team.teamId }).lean<Workflow>();
  if (!workflow) throw notFound();
  return workflow;
}

/** A workflow by its id alone, for work outside a request (starting an instance); null once deleted. */
export function findWorkflowById(workflowId: string): Promise<Workflow | null> {
  return WorkflowModel.findById(workflowId).lean<Workflow>();
}

/** The forms named, each once; any that is not the team's answers 404. */
async function checkFormsOfTeam(team: Team, formIds: string[]): Promise<string[]> {
  const unique = [...new Set(formIds)];
  const titles = await findFormTitles(team.teamId);
  if (unique.some((formId) => !titles.has(formId))) throw new AppError('NOT_FOUND', 404, 'No such form');
  return unique;
}

/**
 * Keeps the forms' side of the attachment in step: a form newly attached leaves the workflow that held
 * it (a form has at most one), a form detached has none any more.
 */
async function moveForms(team: Team, workflowId: string, before: string[], after: string[]): Promise<void> {
  for (const formId of after.filter((id) => !before.includes(id))) {
    await WorkflowModel.updateMany(
      { teamId: team.teamId, formIds: formId, _id: trusted({ $ne: new Types.ObjectId(workflowId) }) },
      { $pull: { formIds: new Types.ObjectId(formId) } },
    );
    await setFormWorkflow(team.teamId, formId, workflowId);
  }
  for (const formId of before.filter((id) => !after.includes(id))) {
    await setFormWorkflow(team.teamId, formId, null, { onlyFrom: workflowId });
  }
}

export async function listWorkflows(team: Team): Promise<WorkflowListResponse> {
  const [workflows, counters, titles] = await Promise.all([
    WorkflowModel.find({ teamId: team.teamId }, { graph: 0 }).lean<Omit<Workflow, 'graph'>[]>(),
    WorkflowCounterModel.find({ teamId: team.teamId }).lean(),
    findFormTitles(team.teamId),
  ]);
  const running = new Map(counters.map((counter) => [counter._id.toString(), counter.running]));
  return {
    workflows: workflows
      .sort((left, right) => left.name.localeCompare(right.name, 'de'))
      .map((workflow) => ({
        id: workflow._id.toString(),
        name: workflow.name,
        forms: formsOf(workflow, titles),
        publishedVersion: workflow.publishedVersion ?? null,
        hasUnpublishedChanges: hasUnpublishedChanges(workflow),
        runningCount: Math.max(0, running.get(workflow._id.toString()) ?? 0),
        updatedAt: workflow.updatedAt.toISOString(),
      })),
  };
}

export async function findWorkflow(team: Team, workflowId: string): Promise<WorkflowResponse> {
  return toWorkflowResponse(await findWorkflowOfTeam(team, workflowId));
}

async function insertWorkflow(
  editor: Editor,
  draft: Pick<Workflow, 'name' | 'description' | 'graph'>,
  formIds: string[],
): Promise<WorkflowResponse> {
  const created = await WorkflowModel.create({
    teamId: editor.teamId,
    createdBy: editor.userId,
    ...draft,
    formIds,
  });
  await WorkflowCounterModel.create({ _id: created._id, teamId: editor.teamId, running: 0 });
  await moveForms(editor, created._id.toString(), [], formIds);
  return findWorkflow(editor, created._id.toString());
}

export async function createWorkflow(editor: Editor, input: { name: string; formIds: string[] }) {
  const formIds = await checkFormsOfTeam(editor, input.formIds);
  const graph = createDefaultGraph(await localeOf(editor.userId));
  return insertWorkflow(editor, { name: input.name, description: '', graph }, formIds);
}

/** Saves the draft if nobody saved since `revision`: one update matching it, so of two saves one wins. */
export async function saveWorkflow(team: Team, workflowId: string, input: SaveWorkflowInput) {
  const current = await findWorkflowOfTeam(team, workflowId);
  const formIds = await checkFormsOfTeam(team, input.formIds);
  const saved = await WorkflowModel.findOneAndUpdate(
    { _id: workflowId, teamId: team.teamId, revision: input.revision },
    {
      $set: { name: input.name, description: input.description, graph: input.graph, formIds },
      $inc: { revision: 1 },
    },
    { new: true, lean: true },
  );
  if (!saved) throw versionConflict(current.revision);
  await moveForms(
    team,
    workflowId,
    current.formIds.map((formId) => formId.toString()),
    formIds,
  );
  return findWorkflow(team, workflowId);
}

/** The problems of the graph against each attached form as respondents see it, each once. */
async function findProblems(team: Team, workflow: Workflow): Promise<WorkflowProblem[]> {
  const problems = new Map<string, WorkflowProblem>();
  for (const problem of validateWorkflowGraph(workflow.graph)) problems.set(JSON.stringify(problem), problem);
  for (const formId of workflow.formIds) {
    // A form deleted since it was attached starts nothing and constrains nothing.
    const form = await findFormOfTeam(team, formId.toString()).catch((error: unknown) => {
      if (error instanceof AppError && error.status === 404) return null;
      throw error;
    });
    if (!form) continue;
    for (const problem of validateWorkflowGraph(workflow.graph, form.publishedDefinition ?? form.definition)) {
      problems.set(JSON.stringify(problem), problem);
    }
  }
  return [...problems.values()];
}

/**
 * Publishes the draft at `revision` as the next version: refused with the problems while it cannot run
 * (for every attached form). New submissions start the new version; running instances keep theirs.
 */
export async function publishWorkflow(editor: Editor, workflowId: string, revision: number) {
  const workflow = await findWorkflowOfTeam(editor, workflowId);
  if (workflow.revision !== revision) throw versionConflict(workflow.revision);
  const problems = await findProblems(editor, workflow);
  if (problems.length > 0) {
    throw new AppError('WORKFLOW_INVALID', 400, 'The workflow cannot be published yet', { problems });
  }
  const version = (workflow.publishedVersion ?? 0) + 1;
  const publisher = await findUserById(editor.userId);
  try {
    await WorkflowVersionModel.create({
      workflowId,
      teamId: editor.teamId,
      version,
      name: workflow.name,
      graph: workflow.graph,
      publishedAt: new Date(),
      publishedBy: publisher?.name ?? '',
    });
  } catch (error) {
    // Published at the same moment by someone else: theirs took the number.
    throw isDuplicateKey(error) ? versionConflict(workflow.revision) : error;
  }
  await WorkflowModel.updateOne(
    { _id: workflowId, teamId: editor.teamId },
    { $set: { publishedVersion: version, publishedRevision: revision } },
  );
  return findWorkflow(editor, workflowId);
}

/** A copy of the draft as a new workflow, attached to no form. */
export async function duplicateWorkflow(editor: Editor, workflowId: string): Promise<WorkflowResponse> {
  const original = await findWorkflowOfTeam(editor, workflowId);
  const suffix = (await localeOf(editor.userId)) === 'en' ? ' (copy)' : ' (Kopie)';
  return insertWorkflow(
    editor,
    { name: `${original.name.slice(0, 110)}${suffix}`, description: original.description, graph: original.graph },
    [],
  );
}

/** Deletes the definition and detaches its forms; running instances go on with their version. */
export async function deleteWorkflow(team: Team, workflowId: string): Promise<void> {
  const workflow = await findWorkflowOfTeam(team, workflowId);
  const result = await WorkflowModel.deleteOne({ _id: workflowId, teamId: team.teamId });
  if (result.deletedCount !== 1) throw notFound();
  await moveForms(
    team,
    workflowId,
    workflow.formIds.map((formId) => formId.toString()),
    [],
  );
  await WorkflowCounterModel.deleteOne({ _id: workflowId });
}

export async function findWorkflowVersion(
  team: Team,
  workflowId: string,
  version: number,
): Promise<WorkflowVersionResponse> {
  const stored = await WorkflowVersionModel.findOne({
    workflowId,
    version,
    teamId: team.teamId,
  }).lean<WorkflowVersion>();
  if (!stored) throw new AppError('NOT_FOUND', 404, 'No such workflow version');
  return { ...toVersionSummary(stored), workflowId, name: stored.name, graph: stored.graph };
}

/** Who a step can be assigned to: the team's members and groups. */
export async function findWorkflowPeople(team: Team): Promise<WorkflowPeopleResponse> {
  const [stored, groups] = await Promise.all([findTeam(team.teamId), listGroups(team.teamId)]);
  const users = await findUsersByIds((stored?.members ?? []).map((member) => member.userId.toString()));
  return {
    users: users
      .map((user) => ({ id: user._id.toString(), name: user.name, email: user.email }))
      .sort((left, right) => left.name.localeCompare(right.name, 'de')),
    groups,
  };
}

/** The running count of a workflow moves with each instance's start and end. */
export async function countRunningInstance(workflowId: string, change: 1 | -1): Promise<void> {
  await WorkflowCounterModel.updateOne({ _id: workflowId }, { $inc: { running: change } });
}

/** Instances of the team's workflows running now, from the counters. */
export async function countRunningInstancesOfTeam(teamId: number): Promise<number> {
  const counters = await WorkflowCounterModel.find({ teamId }).lean();
  return counters.reduce((sum, counter) => sum + Math.max(0, counter.running), 0);
}
