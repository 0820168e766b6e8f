import type { StorageDeletionRequest, StorageOverview } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

// The team's storage: a deletion answers the overview as it is afterwards.
export const findStorage = () => apiRequest<StorageOverview>('/storage');

export const deleteStoredFile = (request: StorageDeletionRequest) =>
  apiRequest<StorageOverview>('/storage/deletions', { method: 'POST', body: request });
