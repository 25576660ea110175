import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  credentialRefPageSchema,
  credentialRefSchema,
  externalProviderListSchema,
  providerCredentialListSchema,
  type ImportCredentialRef,
} from '@signet/contracts/credential-refs';
import { useApiClient } from '../../../shared/api/api-client-context';
import { loginAtProvider, type ProviderTarget } from '../provider-calls';

const base = '/api/v1/credentialRefs';
const refsKey = ['credential-refs'] as const;
const providersKey = ['credential-ref-providers'] as const;

/** GET credentialRefs/providers/web: the external CSC providers (no secrets). */
export function useExternalProviders() {
  const client = useApiClient();
  return useQuery({
    queryKey: providersKey,
    queryFn: () => client.get(`${base}/providers/web`, { schema: externalProviderListSchema }),
  });
}

/** The provider's credentials of the signed-in user (disabled keys left out by the server). */
export function useProviderCredentials(providerId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['credential-ref-provider-credentials', providerId],
    enabled: providerId !== null,
    retry: false,
    queryFn: () =>
      client.get(`${base}/providers/${encodeURIComponent(providerId ?? '')}/credentials`, {
        schema: providerCredentialListSchema,
      }),
  });
}

/** The own imported credentials (`all`: the admin's list of everyone's). */
export function useCredentialRefs(q: string, all = false) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...refsKey, all ? 'all' : 'mine', q],
    queryFn: () =>
      client.get(
        `${base}${all ? '/all' : ''}?${new URLSearchParams({ q, 'page-size': '50' }).toString()}`,
        { schema: credentialRefPageSchema },
      ),
  });
}

export function useImportCredentialRef() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportCredentialRef) =>
      client.post(base, body, { schema: credentialRefSchema }),
    onSettled: () => queries.invalidateQueries({ queryKey: refsKey }),
  });
}

export function useDeleteCredentialRef() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => client.delete(`${base}/${encodeURIComponent(id)}`),
    onSettled: () => queries.invalidateQueries({ queryKey: refsKey }),
  });
}

/** The login popup (silent first) and the code's exchange (provider-calls.ts); the logout. */
export function useProviderLogin() {
  const client = useApiClient();
  const queries = useQueryClient();
  return {
    login: async (provider: ProviderTarget) => {
      await loginAtProvider(client, provider);
      await queries.invalidateQueries({ queryKey: providersKey });
    },
    logout: async (providerId: string) => {
      await client.delete(`${base}/providers/${encodeURIComponent(providerId)}/session`);
      await queries.invalidateQueries({ queryKey: providersKey });
    },
  };
}
