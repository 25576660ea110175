import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { ChangePuk, Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** POST credentials/{id}/changePuk: old PUK, the new client-generated PUK, new key password. */
export function changePuk(client: ApiClient, id: string, input: ChangePuk): Promise<Credential> {
  return client.post(`/rssp/v1/credentials/${encodeURIComponent(id)}/changePuk`, input, {
    schema: credentialSchema,
  });
}

export function useChangePuk() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ChangePuk }) => changePuk(client, id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
