import { useMutation, useQueryClient } from '@tanstack/react-query';
import { credentialSchema } from '@signet/contracts/credentials';
import type { Credential, RequestCertificate } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { credentialKeys } from './credential-keys';

/** POST credentials/{id}/certificateEnrollment: a certificate from the CA (CMP p10cr or kur). */
export function requestCertificate(
  client: ApiClient,
  id: string,
  input: RequestCertificate,
): Promise<Credential> {
  return client.post(
    `/rssp/v1/credentials/${encodeURIComponent(id)}/certificateEnrollment`,
    input,
    { schema: credentialSchema },
  );
}

export function useRequestCertificate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: RequestCertificate }) =>
      requestCertificate(client, id, input),
    onSuccess: (credential) => {
      queryClient.setQueryData(credentialKeys.detail(credential.id), credential);
      return queryClient.invalidateQueries({ queryKey: credentialKeys.all });
    },
  });
}
