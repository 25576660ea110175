import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@signet/contracts/users';
import type { CreateUser, User } from '@signet/contracts/users';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** POST users (admin). */
export function createUser(client: ApiClient, body: CreateUser): Promise<User> {
  return client.post('/api/v1/users', body, { schema: userSchema });
}

export function useCreateUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUser) => createUser(client, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
