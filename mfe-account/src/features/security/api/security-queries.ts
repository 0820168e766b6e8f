import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as securityApi from './security-api';

const securityQueryKey = ['account', 'security'] as const;
const signInsQueryKey = ['account', 'sign-ins'] as const;

export const useSecurity = () => useQuery({ queryKey: securityQueryKey, queryFn: securityApi.findSecurity });

/** A page of the sign-in history; the page shown stays while the next one loads. */
export const useSignIns = (page: number) =>
  useQuery({
    queryKey: [...signInsQueryKey, page],
    queryFn: () => securityApi.findSignIns(page),
    placeholderData: keepPreviousData,
  });

/** A change to two-factor sign-in: what the card shows is read again afterwards, whatever the outcome. */
function useSecurityChange<Variables, Result>(change: (variables: Variables) => Promise<Result>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: securityQueryKey }),
  });
}

export const useBeginTwoFactorSetup = () => useMutation({ mutationFn: securityApi.beginTwoFactorSetup });
export const useConfirmTwoFactorSetup = () => useSecurityChange(securityApi.confirmTwoFactorSetup);
export const useRegenerateRecoveryCodes = () => useSecurityChange(securityApi.regenerateRecoveryCodes);
export const useDisableTwoFactor = () => useSecurityChange(securityApi.disableTwoFactor);
