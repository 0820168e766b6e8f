import type {
  FormResponse,
  TeamTemplateListResponse,
  TeamTemplateResponse,
  TeamTemplateSummary,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { createFormFromDefinition, findForm } from '../forms/forms.service';
import { type TeamTemplate, TeamTemplateModel } from './team-template.model';
import { countFields } from './templates.service';

type Team = { teamId: number };
type Member = Team & { userId: string };

function notFound(): AppError {
  return new AppError('NOT_FOUND', 404, 'No such template');
}

function toTeamTemplateSummary(template: Omit<TeamTemplate, 'definition'>): TeamTemplateSummary {
  return {
    id: template._id.toString(),
    name: template.name,
    description: template.description,
    language: template.language,
    fieldCount: template.fieldCount,
    createdAt: template.createdAt.toISOString(),
  };
}

function toTeamTemplateResponse(template: TeamTemplate): TeamTemplateResponse {
  return { ...toTeamTemplateSummary(template), definition: template.definition };
}

/** Keeps the form's current definition as a template of the team; another team's form is not found. */
export async function saveTeamTemplate(
  member: Member,
  input: { formId: string; name?: string | undefined },
): Promise<TeamTemplateResponse> {
  const { definition } = await findForm(member, input.formId);
  const template = await TeamTemplateModel.create({
    teamId: member.teamId,
    createdBy: member.userId,
    name: input.name ?? definition.title,
    definition,
    description: definition.description,
    language: definition.language,
    fieldCount: countFields(definition),
  });
  return toTeamTemplateResponse(template.toObject() as TeamTemplate);
}

export async function listTeamTemplates(team: Team): Promise<TeamTemplateListResponse> {
  const templates = await TeamTemplateModel.find({ teamId: team.teamId }, { definition: 0 })
    .sort({ createdAt: -1, _id: -1 })
    .lean<Omit<TeamTemplate, 'definition'>[]>();
  return { templates: templates.map(toTeamTemplateSummary) };
}

async function findTeamTemplateDocument(team: Team, templateId: string): Promise<TeamTemplate> {
  // Another team's template answers 404, exactly like one that does not exist.
  const template = await TeamTemplateModel.findOne({ _id: templateId, teamId: team.teamId }).lean<TeamTemplate>();
  if (!template) throw notFound();
  return template;
}

export async function findTeamTemplate(team: Team, templateId: string): Promise<TeamTemplateResponse> {
  return toTeamTemplateResponse(await findTeamTemplateDocument(team, templateId));
}

export async function deleteTeamTemplate(team: Team, templateId: string): Promise<void> {
  const result = await TeamTemplateModel.deleteOne({ _id: templateId, teamId: team.teamId });
  if (result.deletedCount !== 1) throw notFound();
}

export async function createFormFromTeamTemplate(member: Member, templateId: string): Promise<FormResponse> {
  const template = await findTeamTemplateDocument(member, templateId);
  return createFormFromDefinition(member, template.definition);
}
