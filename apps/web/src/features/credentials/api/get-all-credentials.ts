import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { credentialPageSchema } from '@signet/contracts/credentials';
import type { CredentialListQuery, CredentialPage } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** GET credentials (admin): one page of everyone's credentials, optionally one user's. */
export function getAllCredentials(
  client: ApiClient,
  query: CredentialListQuery,
  signal?: AbortSignal,
): Promise<CredentialPage> {
  return client.get('/rssp/v1/credentials', { query, schema: credentialPageSchema, signal });
}

export function allCredentialsQueryOptions(client: ApiClient, query: CredentialListQuery) {
  return queryOptions({
    queryKey: credentialKeys.adminList(query),
    queryFn: ({ signal }) => getAllCredentials(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAllCredentials(query: CredentialListQuery, options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    ...allCredentialsQueryOptions(client, query),
    enabled: options.enabled ?? true,
  });
}
