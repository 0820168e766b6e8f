import type { DashboardResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findDashboard = () => apiRequest<DashboardResponse>('/dashboard');
