import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { CreateCredential, Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** POST credentials/ → the new credential (201); CMP enrollment comes back with its chain. */
export function createCredential(client: ApiClient, input: CreateCredential): Promise<Credential> {
  // Key generation (RSA 4096, SLH-DSA) and CMP enrollment can take a while.
  return client.post('/rssp/v1/credentials/', input, {
    schema: credentialSchema,
    timeoutMs: 120_000,
  });
}

export function useCreateCredential() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCredential) => createCredential(client, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
