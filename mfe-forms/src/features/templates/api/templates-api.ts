import type {
  FormResponse,
  TeamTemplateListResponse,
  TeamTemplateResponse,
  TemplateListResponse,
  TemplateResponse,
} from '@formwerk/contracts';
import { apiRequest, type Locale } from '@formwerk/platform';

/** Built-in templates come worded in the language of the page that asks. */
export const listTemplates = (locale: Locale) => apiRequest<TemplateListResponse>(`/templates?locale=${locale}`);

export const findTemplate = (templateId: string, locale: Locale) =>
  apiRequest<TemplateResponse>(`/templates/${encodeURIComponent(templateId)}?locale=${locale}`);

export const createFormFromTemplate = (templateId: string, locale: Locale) =>
  apiRequest<FormResponse>(`/templates/${encodeURIComponent(templateId)}/forms`, {
    method: 'POST',
    body: { locale },
  });

export const listTeamTemplates = () => apiRequest<TeamTemplateListResponse>('/team-templates');

export const findTeamTemplate = (templateId: string) =>
  apiRequest<TeamTemplateResponse>(`/team-templates/${encodeURIComponent(templateId)}`);

export const deleteTeamTemplate = (templateId: string) =>
  apiRequest<void>(`/team-templates/${encodeURIComponent(templateId)}`, { method: 'DELETE' });

export const createFormFromTeamTemplate = (templateId: string) =>
  apiRequest<FormResponse>(`/team-templates/${encodeURIComponent(templateId)}/forms`, { method: 'POST' });
