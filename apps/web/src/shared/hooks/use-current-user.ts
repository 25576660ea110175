import { userSchema } from '@signet/contracts/users';
import type { User } from '@signet/contracts/users';
import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { useApiClient } from '../api/api-client-context';
import { queryKeys } from '../api/query-keys';
import { useAuth } from '../auth/use-auth';

/** Query key of GET users/self; write to it with `queryClient.setQueryData` after PUT users/self. */
export const currentUserQueryKey = queryKeys.currentUser;

export function fetchCurrentUser(api: ApiClient, signal?: AbortSignal): Promise<User> {
  return api.get('/api/v1/users/self', { schema: userSchema, signal });
}

/**
 * The signed-in user (GET users/self; the server creates the row on first sight). Disabled while
 * nobody is signed in. A suspended user gets an `ApiError` with code `USER_SUSPENDED`.
 */
export function useCurrentUser(): UseQueryResult<User> {
  const api = useApiClient();
  const { isAuthenticated } = useAuth();
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => fetchCurrentUser(api, signal),
    enabled: isAuthenticated,
    staleTime: 60_000,
  });
}
