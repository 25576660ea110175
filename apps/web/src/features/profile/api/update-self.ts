import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userSchema } from '@signet/contracts/users';
import type { UpdateSelf, User } from '@signet/contracts/users';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { currentUserQueryKey } from '../../../shared/hooks/use-current-user';

/** PUT users/self: the signed-in user's names and language. */
export function updateSelf(client: ApiClient, body: UpdateSelf): Promise<User> {
  return client.put('/api/v1/users/self', body, { schema: userSchema });
}

export function useUpdateSelf() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSelf) => updateSelf(client, body),
    onSuccess: async (user) => {
      // The answer is the new current user: show it at once (the UI language follows `locale`).
      queryClient.setQueryData(currentUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
