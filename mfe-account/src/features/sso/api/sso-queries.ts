import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as ssoApi from './sso-api';

export const ssoAdminQueryKey = ['account', 'sso-admin'] as const;

export const useSsoAdmin = () => useQuery(queryOptions({ queryKey: ssoAdminQueryKey, queryFn: ssoApi.findSsoAdmin }));

/** A change of /sso-admin; the page reads the whole view again afterwards, whatever the answer. */
function useSsoAdminChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => client.invalidateQueries({ queryKey: ssoAdminQueryKey, exact: true }),
  });
}

export const useAddSsoDomain = () => useSsoAdminChange(ssoApi.addSsoDomain);
export const useVerifySsoDomain = () => useSsoAdminChange(ssoApi.verifySsoDomain);
export const useRemoveSsoDomain = () => useSsoAdminChange(ssoApi.removeSsoDomain);
export const useSaveSsoConnection = () => useSsoAdminChange(ssoApi.saveSsoConnection);
export const useSaveSsoSamlConnection = () => useSsoAdminChange(ssoApi.saveSsoSamlConnection);
export const useRemoveSsoConnection = () => useSsoAdminChange(ssoApi.removeSsoConnection);
export const useSaveSsoSettings = () => useSsoAdminChange(ssoApi.saveSsoSettings);
export const useStartSso = () => useMutation({ mutationFn: ssoApi.startSso });
