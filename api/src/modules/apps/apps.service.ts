import type {
  AppDto,
  AppListResponse,
  AppTemplateListResponse,
  CreateAppRequest,
  FormLanguage,
  TeamSubmissionListResponse,
  UpdateAppRequest,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { findForm } from '../forms/forms.service';
import { findFormsWithSubmissionCounts, listSubmissionsOfForms } from '../submissions/submissions.service';
import { createFormFromTemplate, findTemplate } from '../templates/templates.service';
import { type App, AppModel } from './app.model';
import { appTemplates } from './app-templates';

type Team = { teamId: number };
type Member = Team & { userId: string };

const notFound = () => new AppError('NOT_FOUND', 404, 'No such app in this team');

async function toAppDto(team: Team, app: App): Promise<AppDto> {
  // The forms that still exist, in the app's order, each read by its id; their counters give the count.
  const forms = await findFormsWithSubmissionCounts(team, app.formIds);
  return {
    id: app._id.toString(),
    name: app.name,
    icon: app.icon as AppDto['icon'],
    color: app.color as AppDto['color'],
    forms: forms.map(({ id, title, status }) => ({ id, title, status })),
    submissionCount: forms.reduce((sum, form) => sum + form.submissionCount, 0),
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

/** Only the team's own forms can be bundled: any other id answers 404, as everywhere. */
async function checkForms(team: Team, formIds: string[]): Promise<string[]> {
  const unique = [...new Set(formIds)];
  await Promise.all(unique.map((formId) => findForm(team, formId)));
  return unique;
}

async function findAppOfTeam(team: Team, appId: string): Promise<App> {
  const app = await AppModel.findOne({ _id: appId, teamId: team.teamId }).lean<App>();
  if (!app) throw notFound();
  return app;
}

export async function listApps(team: Team): Promise<AppListResponse> {
  const apps = await AppModel.find({ teamId: team.teamId }).sort({ createdAt: -1 }).lean<App[]>();
  return { apps: await Promise.all(apps.map((app) => toAppDto(team, app))) };
}

export async function createApp(team: Team, request: Required<CreateAppRequest>): Promise<AppDto> {
  const formIds = await checkForms(team, request.formIds);
  const app = await AppModel.create({ ...request, formIds, teamId: team.teamId });
  return toAppDto(team, app.toObject() as App);
}

export async function findApp(team: Team, appId: string): Promise<AppDto> {
  return toAppDto(team, await findAppOfTeam(team, appId));
}

export async function updateApp(team: Team, appId: string, change: UpdateAppRequest): Promise<AppDto> {
  const formIds = change.formIds ? await checkForms(team, change.formIds) : undefined;
  const app = await AppModel.findOneAndUpdate(
    { _id: appId, teamId: team.teamId },
    { $set: { ...change, ...(formIds ? { formIds } : {}) } },
    { new: true },
  ).lean<App>();
  if (!app) throw notFound();
  return toAppDto(team, app);
}

/** The app goes; its forms and their submissions stay. */
export async function deleteApp(team: Team, appId: string): Promise<void> {
  const result = await AppModel.deleteOne({ _id: appId, teamId: team.teamId });
  if (result.deletedCount !== 1) throw notFound();
}

export async function listAppSubmissions(
  team: Team,
  appId: string,
  page: number,
  pageSize: number,
): Promise<TeamSubmissionListResponse> {
  const app = await findAppOfTeam(team, appId);
  return listSubmissionsOfForms(team, app.formIds, page, pageSize);
}

export function listAppTemplates(language: FormLanguage): AppTemplateListResponse {
  return {
    templates: appTemplates.map((template) => ({
      id: template.id,
      icon: template.icon,
      color: template.color,
      ...template.words[language],
      forms: template.formTemplateIds.map((templateId) => ({
        templateId,
        title: findTemplate(templateId, language).title,
      })),
    })),
  };
}

/** Creates the template's forms in `language`, then the app that bundles them. */
export async function createAppFromTemplate(
  member: Member,
  templateId: string,
  language: FormLanguage,
): Promise<AppDto> {
  const template = appTemplates.find((candidate) => candidate.id === templateId);
  if (!template) throw new AppError('NOT_FOUND', 404, 'No such app template');
  const forms = [];
  for (const formTemplateId of template.formTemplateIds) {
    forms.push(await createFormFromTemplate(member, formTemplateId, language));
  }
  return createApp(member, {
    name: template.words[language].name,
    icon: template.icon,
    color: template.color,
    formIds: forms.map((form) => form.id),
  });
}
