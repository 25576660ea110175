import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { ActivateCredential, Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

export interface ActivateCredentialVariables {
  id: string;
  /** EXPLICIT: key password and the new PUK; IMPLICIT: empty (approval on a device). */
  input: ActivateCredential;
  /** IMPLICIT waits for the device up to authorizationTimeoutSecs. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** POST credentials/{id}/activate. */
export function activateCredential(
  client: ApiClient,
  { id, input, timeoutMs, signal }: ActivateCredentialVariables,
): Promise<Credential> {
  return client.post(`/rssp/v1/credentials/${encodeURIComponent(id)}/activate`, input, {
    schema: credentialSchema,
    timeoutMs,
    signal,
  });
}

export function useActivateCredential() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ActivateCredentialVariables) => activateCredential(client, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
