import type {
  ActiveSessionList,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  SessionResponse,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const updateProfile = (update: ProfileUpdateRequest) =>
  apiRequest<SessionResponse>('/profile', { method: 'PATCH', body: update });

export const changePassword = (change: PasswordChangeRequest) =>
  apiRequest<void>('/profile/password', { method: 'POST', body: change });

export const listSessions = () => apiRequest<ActiveSessionList>('/sessions');

export const revokeSession = (sessionId: string) => apiRequest<void>(`/sessions/${sessionId}`, { method: 'DELETE' });
