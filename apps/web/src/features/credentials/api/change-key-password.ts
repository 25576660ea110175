import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { ChangeKeyPassword, Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** POST credentials/{id}/changePassword. */
export function changeKeyPassword(
  client: ApiClient,
  id: string,
  input: ChangeKeyPassword,
): Promise<Credential> {
  return client.post(`/rssp/v1/credentials/${encodeURIComponent(id)}/changePassword`, input, {
    schema: credentialSchema,
  });
}

export function useChangeKeyPassword() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ChangeKeyPassword }) =>
      changeKeyPassword(client, id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
