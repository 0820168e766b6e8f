import type {
  AddSsoDomainRequest,
  SaveSsoConnectionRequest,
  SaveSsoSamlConnectionRequest,
  SsoAdminResponse,
  SsoConnection,
  SsoDomain,
  SsoSettings,
  StartSsoRequest,
  StartSsoResponse,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

// /sso: the address's team and its provider's sign-in page.
export const startSso = (request: StartSsoRequest) =>
  apiRequest<StartSsoResponse>('/sso/start', { method: 'POST', body: request });

// /sso-admin: the team owner's domains, connection and settings.
export const findSsoAdmin = () => apiRequest<SsoAdminResponse>('/sso/admin');

export const addSsoDomain = (request: AddSsoDomainRequest) =>
  apiRequest<SsoDomain>('/sso/domains', { method: 'POST', body: request });

export const verifySsoDomain = (domain: string) =>
  apiRequest<SsoDomain>(`/sso/domains/${encodeURIComponent(domain)}/verify`, { method: 'POST' });

export const removeSsoDomain = (domain: string) =>
  apiRequest<void>(`/sso/domains/${encodeURIComponent(domain)}`, { method: 'DELETE' });

export const saveSsoConnection = (request: SaveSsoConnectionRequest) =>
  apiRequest<SsoConnection>('/sso/connection', { method: 'PUT', body: request });

export const saveSsoSamlConnection = (request: SaveSsoSamlConnectionRequest) =>
  apiRequest<SsoConnection>('/sso/saml-connection', { method: 'PUT', body: request });

export const removeSsoConnection = () => apiRequest<void>('/sso/connection', { method: 'DELETE' });

export const saveSsoSettings = (settings: SsoSettings) =>
  apiRequest<SsoSettings>('/sso/settings', { method: 'PUT', body: settings });
