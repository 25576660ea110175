import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';

/** GET credentials/{id}/certificateRequest → the PKCS#10 request as PEM text. */
export function getCertificateRequest(client: ApiClient, id: string): Promise<string> {
  return client.get(`/rssp/v1/credentials/${encodeURIComponent(id)}/certificateRequest`, {
    schema: z.string(),
  });
}

/** Fetched on demand (the download button), so a mutation rather than a cached query. */
export function useCertificateRequest() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: string) => getCertificateRequest(client, id) });
}
