import { useMutation } from '@tanstack/react-query';
import { certificateInfoResponseSchema } from '@signet/contracts/credentials';
import type { Certificate } from '@signet/contracts/credentials';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';

/** POST credentials/certificateInfo: parses PEM block(s) or base64 DER into certificate rows. */
export function getCertificateInfo(client: ApiClient, pem: string): Promise<Certificate[]> {
  return client.post(
    '/rssp/v1/credentials/certificateInfo',
    { pem },
    {
      schema: certificateInfoResponseSchema,
    },
  );
}

export function useCertificateInfo() {
  const client = useApiClient();
  return useMutation({ mutationFn: (pem: string) => getCertificateInfo(client, pem) });
}
