import type { ApprovalsOverviewResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findOverview = () => apiRequest<ApprovalsOverviewResponse>('/approvals/overview');
