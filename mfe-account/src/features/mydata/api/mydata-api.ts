import type { PersonalDataErasureResponse, PersonalDataResponse } from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

// A respondent's data behind their private link: no session, the token is the key.
const pathOf = (token: string) => `/public/mydata/${encodeURIComponent(token)}`;

export const findPersonalData = (token: string) => apiRequest<PersonalDataResponse>(pathOf(token));

export const erasePersonalData = (token: string) =>
  apiRequest<PersonalDataErasureResponse>(`${pathOf(token)}/erasure`, {
    method: 'POST',
    body: { confirmation: 'erase' },
  });

/** Downloads are plain links: the api answers them as attachments. */
export const exportUrlOf = (token: string) => `/api/v1${pathOf(token)}/export`;
export const fileUrlOf = (token: string, fileId: string) =>
  `/api/v1${pathOf(token)}/files/${encodeURIComponent(fileId)}`;
