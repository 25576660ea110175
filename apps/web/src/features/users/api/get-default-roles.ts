import { queryOptions, useQuery } from '@tanstack/react-query';
import { defaultRolesSchema } from '@signet/contracts/users';
import type { Role } from '@signet/contracts/users';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET users/defaultRoles: the roles a new user starts with. */
export async function getDefaultRoles(client: ApiClient): Promise<Role[]> {
  const { roles } = await client.get('/api/v1/users/defaultRoles', { schema: defaultRolesSchema });
  return roles;
}

export function defaultRolesQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: [...queryKeys.users, 'default-roles'],
    queryFn: () => getDefaultRoles(client),
    staleTime: 5 * 60_000,
  });
}

export function useDefaultRoles(options: { enabled: boolean }) {
  const client = useApiClient();
  return useQuery({ ...defaultRolesQueryOptions(client), enabled: options.enabled });
}
