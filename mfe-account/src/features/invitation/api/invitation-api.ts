import type {
  AcceptInvitationRequest,
  AcceptInvitationWithSignUpRequest,
  InvitationPreview,
  SessionResponse,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findInvitation = (token: string) =>
  apiRequest<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`);

export const acceptInvitation = (request: AcceptInvitationRequest) =>
  apiRequest<SessionResponse>('/invitations/accept', { method: 'POST', body: request });

export const signUpWithInvitation = (request: AcceptInvitationWithSignUpRequest) =>
  apiRequest<SessionResponse>('/invitations/sign-up', { method: 'POST', body: request });
