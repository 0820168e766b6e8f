import type { CustomDomainResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

// The domain tab's own endpoints: a domain is proven by DNS, not saved like the other tabs' values.
export const findCustomDomain = (formId: string) => apiRequest<CustomDomainResponse>(`/forms/${formId}/domain`);

/** Answers 409 DOMAIN_TAKEN when another form holds the hostname. */
export const setCustomDomain = (formId: string, hostname: string) =>
  apiRequest<CustomDomainResponse>(`/forms/${formId}/domain`, { method: 'PUT', body: { hostname } });

export const verifyCustomDomain = (formId: string) =>
  apiRequest<CustomDomainResponse>(`/forms/${formId}/domain/verify`, { method: 'POST' });

export const removeCustomDomain = (formId: string) => apiRequest<void>(`/forms/${formId}/domain`, { method: 'DELETE' });
