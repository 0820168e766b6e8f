import type {
  CreateDocumentShareRequest,
  CreateDocumentShareResponse,
  DocumentSharesResponse,
  GroupListResponse,
  SharedDocumentListResponse,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const listShares = (documentId: string) => apiRequest<DocumentSharesResponse>(`/documents/${documentId}/shares`);

export const createShare = (documentId: string, request: CreateDocumentShareRequest) =>
  apiRequest<CreateDocumentShareResponse>(`/documents/${documentId}/shares`, { method: 'POST', body: request });

export const revokeShare = (documentId: string, shareId: string) =>
  apiRequest<void>(`/documents/${documentId}/shares/${shareId}`, { method: 'DELETE' });

export const listTeamGroups = () => apiRequest<GroupListResponse>('/team/groups');

export const listSharedWithMe = (page: number) =>
  apiRequest<SharedDocumentListResponse>(`/shared-documents?page=${page}`);

/** A shared document's bytes: as a download, or (`inline`) to show in the browser. */
export const sharedFileUrl = (documentId: string, { inline = false } = {}) =>
  `/api/v1/shared-documents/${documentId}/file${inline ? '?inline=1' : ''}`;
