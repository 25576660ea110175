import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@signet/contracts/users';
import type { UpdateUser, User } from '@signet/contracts/users';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** PUT users/{id} (admin). */
export function updateUser(client: ApiClient, id: string, body: UpdateUser): Promise<User> {
  return client.put(`/api/v1/users/${encodeURIComponent(id)}`, body, { schema: userSchema });
}

export function useUpdateUser() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUser }) => updateUser(client, id, body),
    onSuccess: async () => {
      // An admin may have changed their own roles or language: refresh the current user too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.users }),
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser }),
      ]);
    },
  });
}
