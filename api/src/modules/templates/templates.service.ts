import {
  type FormDefinition,
  type FormResponse,
  formDefinitionSchema,
  type TemplateListResponse,
  type TemplateResponse,
  type TemplateSummary,
} from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { createFormFromDefinition } from '../forms/forms.service';
import { builtInTemplates } from './built-in/built-in-templates';
import type { BuiltInTemplate, TemplateLanguage } from './built-in/define-template';

type Member = { teamId: number; userId: string };

/** Counted as the forms list counts them, so a template and the form made from it agree. */
export function countFields(definition: FormDefinition): number {
  return definition.pages.reduce((count, page) => count + page.fields.length, 0);
}

const definitions = new Map<string, FormDefinition>();

// Parsed by the contract once per template and language: that fills in the schema's defaults, so
// the form created is exactly what saving it in the builder would store.
function definitionOf(template: BuiltInTemplate, language: TemplateLanguage): FormDefinition {
  const key = `${template.id}/${language}`;
  let definition = definitions.get(key);
  if (!definition) {
    definition = formDefinitionSchema.parse(template.definitionIn(language));
    definitions.set(key, definition);
  }
  return definition;
}

function toTemplateSummary(template: BuiltInTemplate, language: TemplateLanguage): TemplateSummary {
  const definition = definitionOf(template, language);
  return {
    id: template.id,
    category: template.category,
    title: definition.title,
    description: definition.description,
    fieldCount: countFields(definition),
  };
}

export function listTemplates(language: TemplateLanguage): TemplateListResponse {
  return { templates: builtInTemplates.map((template) => toTemplateSummary(template, language)) };
}

export function findTemplate(templateId: string, language: TemplateLanguage): TemplateResponse {
  const template = builtInTemplates.find((candidate) => candidate.id === templateId);
  if (!template) throw new AppError('NOT_FOUND', 404, 'No such template');
  return { ...toTemplateSummary(template, language), definition: definitionOf(template, language) };
}

/** A new draft of the member's team, worded in `language` (the language of the page they use). */
export async function createFormFromTemplate(
  member: Member,
  templateId: string,
  language: TemplateLanguage,
): Promise<FormResponse> {
  return createFormFromDefinition(member, findTemplate(templateId, language).definition);
}
