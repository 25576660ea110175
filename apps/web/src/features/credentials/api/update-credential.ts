import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { Credential, UpdateCredential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** PUT credentials/{id}: the description (and preauthorisation); the rest is fixed. */
export function updateCredential(
  client: ApiClient,
  id: string,
  input: UpdateCredential,
): Promise<Credential> {
  return client.put(`/rssp/v1/credentials/${encodeURIComponent(id)}`, input, {
    schema: credentialSchema,
  });
}

export function useUpdateCredential() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateCredential }) =>
      updateCredential(client, id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
