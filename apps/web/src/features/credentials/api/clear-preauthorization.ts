import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** POST credentials/{id}/clearPreauthorization: quantity and until cleared. */
export function clearPreauthorization(client: ApiClient, id: string): Promise<Credential> {
  return client.post(
    `/rssp/v1/credentials/${encodeURIComponent(id)}/clearPreauthorization`,
    undefined,
    { schema: credentialSchema },
  );
}

export function useClearPreauthorization() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => clearPreauthorization(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
