import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { CertificateChainInput, Credential } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** PUT credentials/{id}/certificateChain: PEM texts; the server orders them end-entity first. */
export function setCertificateChain(
  client: ApiClient,
  id: string,
  certificates: CertificateChainInput,
): Promise<Credential> {
  return client.put(
    `/rssp/v1/credentials/${encodeURIComponent(id)}/certificateChain`,
    certificates,
    {
      schema: credentialSchema,
    },
  );
}

export function useSetCertificateChain() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, certificates }: { id: string; certificates: CertificateChainInput }) =>
      setCertificateChain(client, id, certificates),
    onSuccess: (credential) => {
      queryClient.setQueryData(credentialKeys.detail(credential.id), credential);
      return queryClient.invalidateQueries({ queryKey: credentialKeys.all });
    },
  });
}
