import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** DELETE credentials/{id} (204). */
export async function deleteCredential(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/rssp/v1/credentials/${encodeURIComponent(id)}`);
}

export function useDeleteCredential() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteCredential(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
