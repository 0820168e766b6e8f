import { randomBytes } from 'node:crypto';
import type {
  FormDefinition,
  FormListResponse,
  FormResponse,
  FormSummary,
  formListQuerySchema,
} from '@formwerk/contracts';
import { isDuplicateKey } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { type Form, FormModel } from './form.model';
import { createFormCounter, deleteFormCounter, raiseFormRevision } from './form-counters';
import { releaseFormPlace, reserveFormPlace } from './team-form-count';

export type { Form };

type Team = { teamId: number };
type ListQuery = ReturnType<typeof formListQuerySchema.parse>;

function notFound(): AppError {
  return new AppError('NOT_FOUND', 404, 'No such form');
}

function derivedFields(definition: FormDefinition) {
  return {
    title: definition.title,
    titleKey: definition.title.toLocaleLowerCase('de'),
    fieldCount: definition.pages.reduce((count, page) => count + page.fields.length, 0),
  };
}

function toFormSummary(form: FormRow): FormSummary {
  return {
    id: form._id.toString(),
    title: form.title,
    status: form.status,
    isArchived: form.archivedAt !== null,
    version: form.version,
    fieldCount: form.fieldCount,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
  };
}

export function toFormResponse(form: Form): FormResponse {
  return {
    id: form._id.toString(),
    status: form.status,
    isArchived: form.archivedAt !== null,
    version: form.version,
    definition: form.definition,
    createdAt: form.createdAt.toISOString(),
    updatedAt: form.updatedAt.toISOString(),
    publishedAt: form.publishedAt ? form.publishedAt.toISOString() : null,
    publishedVersion: form.status === 'published' ? (form.publishedVersion ?? null) : null,
  };
}

/** A short random id for pages and fields, as the builder makes them too. */
export function createElementId(): string {
  return randomBytes(6).toString('base64url');
}

/** What lists and counts read of a form: everything but the definitions, settings and secrets. */
export type FormRow = Omit<Form, 'definition' | 'publishedDefinition' | 'settings' | 'secrets'>;

/**
 * All of the team's forms without their heavy parts, by one equality on the indexed `teamId`. A team
 * has at most hundreds of forms, so searching, sorting, paging and counting them here is cheaper than
 * asking the database: FerretDB answers only equality by index and would read them all anyway to
 * match a `$regex`, to sort or to count (decision 4). Counting from the forms themselves also keeps
 * the counts by state exact without a counter that every create, publish, archive and delete must
 * keep in step.
 */
export function findFormRowsOfTeam(teamId: number): Promise<FormRow[]> {
  return FormModel.find({ teamId }, { definition: 0, publishedDefinition: 0, settings: 0, secrets: 0 }).lean<
    FormRow[]
  >();
}

type SortableForm = Pick<FormRow, '_id' | 'titleKey' | 'updatedAt' | 'createdAt'>;

function compareForms(sort: ListQuery['sort'], order: ListQuery['order']) {
  const direction = order === 'asc' ? 1 : -1;
  const sortValueOf = (form: SortableForm) => (sort === 'title' ? form.titleKey : form[sort].getTime());
  return (left: SortableForm, right: SortableForm) => {
    const [a, b] = [sortValueOf(left), sortValueOf(right)];
    if (a !== b) return (a < b ? -1 : 1) * direction;
    return left._id.toString().localeCompare(right._id.toString()) * direction;
  };
}

export async function listForms(team: Team, query: ListQuery): Promise<FormListResponse> {
  const { search, sort, order, page, pageSize, archived } = query;
  const searchKey = search.toLocaleLowerCase('de');
  const forms = (await findFormRowsOfTeam(team.teamId))
    .filter((form) => Boolean(form.archivedAt) === archived && form.titleKey.includes(searchKey))
    .sort(compareForms(sort, order));
  return {
    forms: forms.slice((page - 1) * pageSize, page * pageSize).map(toFormSummary),
    total: forms.length,
    page,
    pageSize,
  };
}

/** The stored form of the team, settings and secrets included (for the modules of its settings). */
export async function findFormOfTeam(team: Team, formId: string): Promise<Form> {
  // Another team's form answers 404, exactly like one that does not exist.
  const form = await FormModel.findOne({ _id: formId, teamId: team.teamId }).lean<Form>();
  if (!form) throw notFound();
  return form;
}

/** A stored form by its id alone, for work that runs outside a request (jobs); null once deleted. */
export function findFormById(formId: string): Promise<Form | null> {
  return FormModel.findById(formId).lean<Form>();
}

export async function formExists(formId: string): Promise<boolean> {
  return (await FormModel.exists({ _id: formId })) !== null;
}

/**
 * Applies `changes` (dotted paths) if nobody saved the form since `version`, raising the version:
 * one atomic update, as for the builder's saves. Null when the version is no longer the stored one.
 */
export async function updateFormAtVersion(
  team: Team,
  formId: string,
  version: number,
  changes: Record<string, unknown>,
): Promise<Form | null> {
  const form = await FormModel.findOneAndUpdate(
    { _id: formId, teamId: team.teamId, version },
    { $set: changes, $inc: { version: 1 } },
    { new: true, lean: true },
  );
  if (form) await raiseFormRevision(formId);
  return form as Form | null;
}

/** How many of the forms are published, drafts, or archived; `total` leaves out the archived. */
export function countFormsByState(forms: Pick<FormRow, 'status' | 'archivedAt'>[]) {
  const active = forms.filter((form) => !form.archivedAt);
  const published = active.filter((form) => form.status === 'published').length;
  return { total: active.length, published, draft: active.length - published, archived: forms.length - active.length };
}

export async function findForm(team: Team, formId: string): Promise<FormResponse> {
  return toFormResponse(await findFormOfTeam(team, formId));
}

/**
 * A new draft of `definition`, with its submission counters from the start; counted against the
 * team's plan first (402 PLAN_LIMIT_REACHED when it keeps all the forms it allows). Stored under `id`
 * when the caller chose it (see createForm).
 */
async function createFormWith(
  team: Team & { userId: string },
  definition: FormDefinition,
  id?: string,
): Promise<FormResponse> {
  await reserveFormPlace(team.teamId);
  const form = await FormModel.create({
    ...(id ? { _id: id } : {}),
    teamId: team.teamId,
    createdBy: team.userId,
    definition,
    ...derivedFields(definition),
  }).catch(async (error: unknown) => {
    await releaseFormPlace(team.teamId);
    throw error;
  });
  await createFormCounter(form._id, team.teamId);
  return toFormResponse(form.toObject() as Form);
}

/**
 * A blank draft, or one of a `definition` made before the account was (the demo of the home page,
 * kept in the browser). A caller that chose the form's `id` can send the same request again, after a
 * reload or a lost answer, and gets the form made the first time: the id is the idempotency key, and
 * the database's unique `_id` makes two concurrent requests store one form (decision 033).
 */
export async function createForm(
  team: Team & { userId: string },
  input: { title: string; language: 'de' | 'en'; id?: string; definition?: FormDefinition },
): Promise<{ form: FormResponse; isNew: boolean }> {
  const definition: FormDefinition = input.definition ?? {
    title: input.title,
    description: '',
    language: input.language,
    pages: [{ id: createElementId(), fields: [] }],
  };
  const { id } = input;
  if (!id) return { form: await createFormWith(team, definition), isNew: true };
  const existing = await findFormMadeWithId(team, id);
  if (existing) return { form: existing, isNew: false };
  try {
    return { form: await createFormWith(team, definition, id), isNew: true };
  } catch (error) {
    // The same request sent at once holds a place under the plan's limit too: refused for it, or
    // beaten to the insert, it answers the form the other one made.
    const isRefusedForLimit = error instanceof AppError && error.code === 'PLAN_LIMIT_REACHED';
    if (!isDuplicateKey(error) && !isRefusedForLimit) throw error;
    const made = await findFormMadeWithId(team, id);
    if (!made && isRefusedForLimit) throw error;
    if (made) return { form: made, isNew: false };
    // Another team's form has that id: say nothing about it.
    throw new AppError('BAD_REQUEST', 400, 'Choose another id for the form');
  }
}

async function findFormMadeWithId(team: Team, id: string): Promise<FormResponse | null> {
  const form = await FormModel.findOne({ _id: id, teamId: team.teamId }).lean<Form>();
  return form ? toFormResponse(form) : null;
}

/** A new draft holding `definition` as it is, e.g. a template's form. */
export async function createFormFromDefinition(
  team: Team & { userId: string },
  definition: FormDefinition,
): Promise<FormResponse> {
  return createFormWith(team, definition);
}

/**
 * Replaces the definition if nobody saved since `version`: one atomic update that matches the
 * version, so of two concurrent saves exactly one wins and the other learns the current version.
 */
export async function saveForm(
  team: Team,
  formId: string,
  input: { version: number; definition: FormDefinition },
): Promise<FormResponse> {
  const saved = await FormModel.findOneAndUpdate(
    { _id: formId, teamId: team.teamId, version: input.version },
    { $set: { definition: input.definition, ...derivedFields(input.definition) }, $inc: { version: 1 } },
    { new: true, lean: true },
  );
  if (saved) return toFormResponse(saved as unknown as Form);
  const current = await findFormOfTeam(team, formId);
  throw new AppError('VERSION_CONFLICT', 409, 'The form was saved elsewhere in the meantime', {
    currentVersion: current.version,
  });
}

async function updateFormState(team: Team, formId: string, update: Record<string, unknown>): Promise<FormResponse> {
  const form = await FormModel.findOneAndUpdate({ _id: formId, teamId: team.teamId }, update, {
    new: true,
    lean: true,
  });
  if (!form) throw notFound();
  await raiseFormRevision(formId);
  return toFormResponse(form as unknown as Form);
}

export const archiveForm = (team: Team, formId: string) =>
  updateFormState(team, formId, { $set: { archivedAt: new Date() } });
export const restoreForm = (team: Team, formId: string) =>
  updateFormState(team, formId, { $set: { archivedAt: null } });
/** Puts the current definition on the public link (a copy: later edits wait for the next publish). */
export async function publishForm(team: Team, formId: string): Promise<FormResponse> {
  const form = await findFormOfTeam(team, formId);
  return updateFormState(team, formId, {
    $set: {
      status: 'published',
      publishedAt: new Date(),
      publishedDefinition: form.definition,
      publishedVersion: form.version,
    },
  });
}
export const unpublishForm = (team: Team, formId: string) =>
  updateFormState(team, formId, { $set: { status: 'draft' } });

/** A copy as a new draft, titled after the original (`… (Kopie)` / `… (copy)` by the form's language). */
export async function duplicateForm(team: Team & { userId: string }, formId: string): Promise<FormResponse> {
  const original = await findFormOfTeam(team, formId);
  const suffix = original.definition.language === 'en' ? ' (copy)' : ' (Kopie)';
  const definition = { ...original.definition, title: `${original.definition.title.slice(0, 190)}${suffix}` };
  return createFormWith(team, definition);
}

export async function deleteForm(team: Team, formId: string): Promise<void> {
  const result = await FormModel.deleteOne({ _id: formId, teamId: team.teamId });
  if (result.deletedCount !== 1) throw notFound();
  await releaseFormPlace(team.teamId);
  await deleteFormCounter(formId);
}

/**
 * The published definition of a form for its public link, with its settings (live at once, not
 * waiting for a publish); anything else is FORM_UNAVAILABLE (404).
 */
export async function findPublishedForm(formId: string): Promise<PublishedForm> {
  const form = await FormModel.findOne({ _id: formId, status: 'published', archivedAt: null }).lean<Form>();
  if (!form?.publishedDefinition || form.publishedVersion == null) {
    throw new AppError('FORM_UNAVAILABLE', 404, 'This form is not available');
  }
  return {
    id: form._id.toString(),
    teamId: form.teamId,
    version: form.publishedVersion,
    definition: form.publishedDefinition,
    settings: form.settings ?? {},
    secrets: form.secrets ?? {},
    workflowId: form.workflowId ? form.workflowId.toString() : null,
  };
}

export type PublishedForm = {
  id: string;
  teamId: number;
  version: number;
  definition: FormDefinition;
  settings: Form['settings'];
  secrets: Form['secrets'];
  /** The approval workflow a new submission starts, if any. */
  workflowId: string | null;
};

/**
 * Makes `workflowId` the workflow of the team's form (null: none), or with `onlyFrom` only while the
 * form is still that workflow's. Its revision is raised, so a copy read for submissions is read again
 * and the next submission starts the workflow it has now.
 */
export async function setFormWorkflow(
  teamId: number,
  formId: string,
  workflowId: string | null,
  { onlyFrom }: { onlyFrom?: string } = {},
): Promise<void> {
  const filter = onlyFrom === undefined ? { _id: formId, teamId } : { _id: formId, teamId, workflowId: onlyFrom };
  const result = await FormModel.updateOne(filter, { $set: { workflowId } });
  if (result.modifiedCount > 0) await raiseFormRevision(formId);
}

/** Counters the api kept on the form itself before they had a document of their own (form-counter.model.ts). */
export type LegacyFormCounters = {
  submissionCount?: number;
  submissionSeq?: number;
  deletedPerBlock?: Record<string, number>;
  submissionDays?: Record<string, number>;
  referenceSeq?: number;
  hasScoredSubmissions?: boolean;
};

/** Takes the counters of LegacyFormCounters off a form once they were moved to its counter document. */
export async function dropLegacyFormCounters(formId: string): Promise<void> {
  const fields: (keyof LegacyFormCounters)[] = [
    'submissionCount',
    'submissionSeq',
    'deletedPerBlock',
    'submissionDays',
    'referenceSeq',
    'hasScoredSubmissions',
  ];
  // Not strict: the schema no longer knows these fields, so mongoose would drop them from the update.
  await FormModel.updateOne(
    { _id: formId },
    { $unset: Object.fromEntries(fields.map((f) => [f, ''])) },
    { strict: false },
  );
}
