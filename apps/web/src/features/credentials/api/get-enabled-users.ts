import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { autocompleteResults } from '@signet/contracts/limits';
import { enabledUsersSchema } from '@signet/contracts/users';
import type { EnabledUser } from '@signet/contracts/users';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** GET users/enabled (admin): the user picker's suggestions, at most 5 (spec platform §9). */
export async function getEnabledUsers(
  client: ApiClient,
  q: string,
  signal?: AbortSignal,
): Promise<EnabledUser[]> {
  const page = await client.get('/api/v1/users/enabled', {
    query: { q, maxResults: autocompleteResults },
    schema: enabledUsersSchema,
    signal,
  });
  return page.items;
}

export function enabledUsersQueryOptions(client: ApiClient, q: string) {
  return queryOptions({
    queryKey: credentialKeys.enabledUsers(q),
    queryFn: ({ signal }) => getEnabledUsers(client, q, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEnabledUsers(q: string, options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({ ...enabledUsersQueryOptions(client, q), enabled: options.enabled ?? true });
}
