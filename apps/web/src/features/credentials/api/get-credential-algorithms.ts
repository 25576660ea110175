import { queryOptions, useQuery } from '@tanstack/react-query';
import { credentialAlgorithmsSchema } from '@signet/contracts/credentials';
import type { CredentialAlgorithms } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** GET credentials/algorithms: what this server can generate (the dialog offers only these). */
export function getCredentialAlgorithms(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<CredentialAlgorithms> {
  return client.get('/rssp/v1/credentials/algorithms', {
    schema: credentialAlgorithmsSchema,
    signal,
  });
}

export function credentialAlgorithmsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: credentialKeys.algorithms,
    queryFn: ({ signal }) => getCredentialAlgorithms(client, signal),
    staleTime: Infinity,
  });
}

export function useCredentialAlgorithms() {
  const client = useApiClient();
  return useQuery(credentialAlgorithmsQueryOptions(client));
}
