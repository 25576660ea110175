import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { credentialPageSchema } from '@signet/contracts/credentials';
import type { CredentialPage, OwnCredentialListQuery } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** GET credentials/self: one page of the caller's credentials. */
export function getCredentials(
  client: ApiClient,
  query: OwnCredentialListQuery,
  signal?: AbortSignal,
): Promise<CredentialPage> {
  return client.get('/rssp/v1/credentials/self', { query, schema: credentialPageSchema, signal });
}

export function credentialsQueryOptions(client: ApiClient, query: OwnCredentialListQuery) {
  return queryOptions({
    queryKey: credentialKeys.ownList(query),
    queryFn: ({ signal }) => getCredentials(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCredentials(query: OwnCredentialListQuery, options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({ ...credentialsQueryOptions(client, query), enabled: options.enabled ?? true });
}
