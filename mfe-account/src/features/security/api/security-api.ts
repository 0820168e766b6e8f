import type {
  ConfirmTwoFactorRequest,
  RecoveryCodesResponse,
  SecurityOverview,
  SignInHistory,
  TwoFactorProof,
  TwoFactorSetup,
} from '@formwerk/contracts';
import { apiRequest } from '@formwerk/platform';

export const findSecurity = () => apiRequest<SecurityOverview>('/profile/security');

export const findSignIns = (page: number) => apiRequest<SignInHistory>(`/profile/sign-ins?page=${page}`);

// A new app's secret; two-factor sign-in is on only once its first code confirms it.
export const beginTwoFactorSetup = () => apiRequest<TwoFactorSetup>('/profile/two-factor/setup', { method: 'POST' });

export const confirmTwoFactorSetup = (request: ConfirmTwoFactorRequest) =>
  apiRequest<RecoveryCodesResponse>('/profile/two-factor/confirm', { method: 'POST', body: request });

export const regenerateRecoveryCodes = (proof: TwoFactorProof) =>
  apiRequest<RecoveryCodesResponse>('/profile/two-factor/recovery-codes', { method: 'POST', body: proof });

export const disableTwoFactor = (proof: TwoFactorProof) =>
  apiRequest<void>('/profile/two-factor/disable', { method: 'POST', body: proof });
