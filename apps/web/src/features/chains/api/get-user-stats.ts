import { userStatsSchema } from '@signet/contracts/users';
import type { UserStats } from '@signet/contracts/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET users/self/stats: the dashboard counts. */
export function getUserStats(client: ApiClient, signal?: AbortSignal): Promise<UserStats> {
  return client.get('/api/v1/users/self/stats', { schema: userStatsSchema, signal });
}

export function userStatsQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: queryKeys.currentUserStats,
    queryFn: ({ signal }) => getUserStats(client, signal),
  });
}

export function useUserStats() {
  return useQuery(userStatsQueryOptions(useApiClient()));
}
