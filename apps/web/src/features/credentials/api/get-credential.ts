import { queryOptions, useQuery } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** GET credentials/{id}. */
export function getCredential(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<Credential> {
  return client.get(`/rssp/v1/credentials/${encodeURIComponent(id)}`, {
    schema: credentialSchema,
    signal,
  });
}

export function credentialQueryOptions(client: ApiClient, id: string) {
  return queryOptions({
    queryKey: credentialKeys.detail(id),
    queryFn: ({ signal }) => getCredential(client, id, signal),
  });
}

export function useCredential(id: string | undefined) {
  const client = useApiClient();
  return useQuery({ ...credentialQueryOptions(client, id ?? ''), enabled: Boolean(id) });
}
