import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { userPageSchema } from '@signet/contracts/users';
import type { UserListQuery, UserPage } from '@signet/contracts/users';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET users (admin): one page of users, searched and sorted on the server. */
export function getUsers(client: ApiClient, query: UserListQuery): Promise<UserPage> {
  return client.get('/api/v1/users', { query, schema: userPageSchema });
}

export function usersQueryOptions(client: ApiClient, query: UserListQuery) {
  return queryOptions({
    queryKey: [...queryKeys.users, 'list', query],
    queryFn: () => getUsers(client, query),
    // Keep the current page on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useUsers(query: UserListQuery) {
  const client = useApiClient();
  return useQuery(usersQueryOptions(client, query));
}
