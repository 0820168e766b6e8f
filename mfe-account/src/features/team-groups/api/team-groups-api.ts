import type { GroupListResponse, GroupResponse, SaveGroupRequest } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const listGroups = () => apiRequest<GroupListResponse>('/team/groups');

export const createGroup = (request: SaveGroupRequest) =>
  apiRequest<GroupResponse>('/team/groups', { method: 'POST', body: request });
