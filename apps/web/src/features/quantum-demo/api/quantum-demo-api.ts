import { useQuery } from '@tanstack/react-query';
import { activatedCredentialsSchema } from '@signet/contracts/credentials';
import type { Credential } from '@signet/contracts/credentials';
import { documentSchema } from '@signet/contracts/documents';
import type { DocumentView } from '@signet/contracts/documents';
import type { PmSignRequest } from '@signet/contracts/quantum-demo';
import { isQuantumSafeSigningCredential } from '@signet/contracts/quantum-demo';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** A large file over a slow line, the engine, or a device's approval: longer than a JSON call. */
const longCallMs = 10 * 60_000;

/**
 * The credentials the demo offers (D§5): the caller's activated SLH-DSA (sphincs+) credentials for
 * asymmetric signing that have a certificate chain. Under the credentials root, so credential
 * events refresh it.
 */
export function useQuantumSafeCredentials() {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.credentials, 'activated', 'quantum-safe'],
    queryFn: async ({ signal }): Promise<Credential[]> => {
      const answer = await client.get('/rssp/v1/users/self/credentials/activated', {
        schema: activatedCredentialsSchema,
        signal,
      });
      return answer.items.filter(
        (c) =>
          c.status === 'ACTIVATED' && isQuantumSafeSigningCredential(c) && c.certChain.length > 0,
      );
    },
  });
}

/** POST documents: the PDF the demo signs, under the name the user gave it. */
export function uploadDemoDocument(
  client: ApiClient,
  file: Blob,
  fileName: string,
): Promise<DocumentView> {
  return client.post('/rdss/v1/documents', new Blob([file], { type: 'application/pdf' }), {
    query: { fileName },
    schema: documentSchema,
    timeoutMs: longCallMs,
  });
}

/** DELETE documents/{id}: an upload the demo did not sign after all (Clear, leaving the page). */
export async function deleteDemoDocument(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/rdss/v1/documents/${encodeURIComponent(id)}`);
}

/** POST signatures/pmSign: the zip of the signed PDF, its certificate chain and a README. */
export function quantumSign(
  client: ApiClient,
  request: PmSignRequest,
  signal?: AbortSignal,
): Promise<Blob> {
  return client.post<Blob>('/rdss/v1/signatures/pmSign', request, {
    responseType: 'blob',
    timeoutMs: longCallMs,
    ...(signal ? { signal } : {}),
  });
}
