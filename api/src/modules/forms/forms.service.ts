import { randomBytes } from 'node:crypto';
import type {
  FormDefinition,
  FormListResponse,
  FormResponse,
  FormSummary,
  formListQuerySchema,
} from '@formwerk/contracts';
import { trusted } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { escapeRegExp } from '../../platform/escape-reg-exp';
import { type Form, FormModel } from './form.model';

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

function toFormSummary(form: Form): FormSummary {
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

export async function listForms(team: Team, query: ListQuery): Promise<FormListResponse> {
  const { search, sort, order, page, pageSize, archived } = query;
  // The search text becomes a literal, case-insensitive pattern; the operator is ours, hence trusted.
  const filter = {
    teamId: team.teamId,
    archivedAt: archived ? trusted({ $ne: null }) : null,
    ...(search ? { titleKey: trusted({ $regex: escapeRegExp(search.toLocaleLowerCase('de')) }) } : {}),
  };
  const sortField = sort === 'title' ? 'titleKey' : sort;
  const direction = order === 'asc' ? 1 : -1;
  const [forms, total] = await Promise.all([
    FormModel.find(filter, { definition: 0 })
      .sort({ [sortField]: direction, _id: direction })
      .skip((page - 1) * pageSize)
      .limit(pageSize)
      .lean<Form[]>(),
    FormModel.countDocuments(filter),
  ]);
  return { forms: forms.map(toFormSummary), total, page, pageSize };
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
  return FormModel.findOneAndUpdate(
    { _id: formId, teamId: team.teamId, version },
    { $set: changes, $inc: { version: 1 } },
    { new: true, lean: true },
  ) as Promise<Form | null>;
}

/** How many of the team's forms are published, drafts, or archived; `total` leaves out the archived. */
export async function countFormsByState(team: Team) {
  const [published, draft, archived] = await Promise.all([
    FormModel.countDocuments({ teamId: team.teamId, archivedAt: null, status: 'published' }),
    FormModel.countDocuments({ teamId: team.teamId, archivedAt: null, status: 'draft' }),
    FormModel.countDocuments({ teamId: team.teamId, archivedAt: trusted({ $ne: null }) }),
  ]);
  return { total: published + draft, published, draft, archived };
}

export async function findForm(team: Team, formId: string): Promise<FormResponse> {
  return toFormResponse(await findFormOfTeam(team, formId));
}

export async function createForm(
  team: Team & { userId: string },
  input: { title: string; language: 'de' | 'en' },
): Promise<FormResponse> {
  const definition: FormDefinition = {
    title: input.title,
    description: '',
    language: input.language,
    pages: [{ id: createElementId(), fields: [] }],
  };
  const form = await FormModel.create({
    teamId: team.teamId,
    createdBy: team.userId,
    definition,
    ...derivedFields(definition),
  });
  return toFormResponse(form.toObject() as Form);
}

/** A new draft holding `definition` as it is, e.g. a template's form. */
export async function createFormFromDefinition(
  team: Team & { userId: string },
  definition: FormDefinition,
): Promise<FormResponse> {
  const form = await FormModel.create({
    teamId: team.teamId,
    createdBy: team.userId,
    definition,
    ...derivedFields(definition),
  });
  return toFormResponse(form.toObject() as Form);
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
  const copy = await FormModel.create({
    teamId: team.teamId,
    createdBy: team.userId,
    definition,
    ...derivedFields(definition),
  });
  return toFormResponse(copy.toObject() as Form);
}

export async function deleteForm(team: Team, formId: string): Promise<void> {
  const result = await FormModel.deleteOne({ _id: formId, teamId: team.teamId });
  if (result.deletedCount !== 1) throw notFound();
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
    submissionCount: form.submissionCount ?? 0,
  };
}

export type PublishedForm = {
  id: string;
  teamId: number;
  version: number;
  definition: FormDefinition;
  settings: Form['settings'];
  secrets: Form['secrets'];
  submissionCount: number;
};

/**
 * Takes one of a form's places for a submission: with a `limit`, only while fewer were accepted (one
 * atomic update, so concurrent submissions never overshoot it). False when the form is full.
 */
export async function takeSubmissionPlace(formId: string, limit: number | null): Promise<boolean> {
  const result = await FormModel.updateOne(
    // `$not: $gte` also matches forms from before the count existed.
    limit === null ? { _id: formId } : { _id: formId, submissionCount: trusted({ $not: { $gte: limit } }) },
    { $inc: { submissionCount: 1 } },
  );
  return result.modifiedCount === 1;
}

/** Gives back a place taken for a submission that was not stored after all. */
export async function releaseSubmissionPlace(formId: string): Promise<void> {
  await FormModel.updateOne({ _id: formId }, { $inc: { submissionCount: -1 } });
}
