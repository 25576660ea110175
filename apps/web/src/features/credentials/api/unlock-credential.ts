import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { Credential, UnlockCredential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** POST credentials/{id}/unlock: PUK + new key password. */
export function unlockCredential(
  client: ApiClient,
  id: string,
  input: UnlockCredential,
): Promise<Credential> {
  return client.post(`/rssp/v1/credentials/${encodeURIComponent(id)}/unlock`, input, {
    schema: credentialSchema,
  });
}

export function useUnlockCredential() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UnlockCredential }) =>
      unlockCredential(client, id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
