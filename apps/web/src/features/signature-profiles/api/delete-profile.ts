import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { profileKeys, profilesPath } from './profile-keys';

/** DELETE users/self/signatureProfiles/{id} (204). */
export async function deleteProfile(client: ApiClient, id: string): Promise<void> {
  await client.delete(`${profilesPath}/${encodeURIComponent(id)}`);
}

export function useDeleteProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteProfile(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
