import type { MailchimpAudiencesRequest, MailchimpAudiencesResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** The audiences of a key being connected, or (without one) of the key stored for the form. */
export const findMailchimpAudiences = (formId: string, apiKey?: string) =>
  apiRequest<MailchimpAudiencesResponse>(`/forms/${formId}/mailchimp/audiences`, {
    method: 'POST',
    body: (apiKey ? { apiKey } : {}) satisfies MailchimpAudiencesRequest,
  });
