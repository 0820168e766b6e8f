import type { DeliveryFailuresResponse, GroupListResponse, TeamResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

/** The current team (the form's) with its members, for choosing whom to notify. */
export const findTeam = () => apiRequest<TeamResponse>('/team');

export const listGroups = () => apiRequest<GroupListResponse>('/team/groups');

/** The latest mails (or Mailchimp subscriptions) of the form's submissions that did not go through. */
export const listDeliveryFailures = (formId: string, kind: 'mail' | 'mailchimp') =>
  apiRequest<DeliveryFailuresResponse>(`/forms/${formId}/notifications/failures?kind=${kind}`);
