import type {
  AppDto,
  AppListResponse,
  AppTemplateListResponse,
  CreateAppRequest,
  FormListResponse,
  FormResponse,
  Locale,
  TeamSubmissionListResponse,
  UpdateAppRequest,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const listApps = () => apiRequest<AppListResponse>('/apps');

export const createApp = (request: CreateAppRequest) => apiRequest<AppDto>('/apps', { method: 'POST', body: request });

export const updateApp = (appId: string, change: UpdateAppRequest) =>
  apiRequest<AppDto>(`/apps/${appId}`, { method: 'PATCH', body: change });

export const deleteApp = (appId: string) => apiRequest<void>(`/apps/${appId}`, { method: 'DELETE' });

/** The forms an app can bundle: the team's forms that are not archived, most recently changed first. */
export const listBundlableForms = () => apiRequest<FormListResponse>('/forms?pageSize=100&sort=updatedAt&order=desc');

export const listAppSubmissions = (appId: string, page: number) =>
  apiRequest<TeamSubmissionListResponse>(`/apps/${appId}/submissions?page=${page}&pageSize=50`);

export const listAppTemplates = (locale: Locale) =>
  apiRequest<AppTemplateListResponse>(`/app-templates?locale=${locale}`);

export const createAppFromTemplate = (templateId: string, locale: Locale) =>
  apiRequest<AppDto>(`/app-templates/${templateId}/apps`, { method: 'POST', body: { locale } });

export const findFormDefinition = (formId: string) =>
  apiRequest<FormResponse>(`/forms/${formId}`).then((form) => form.definition);
