import { useQueries, useQuery } from '@tanstack/react-query';
import { chainSchema } from '@signet/contracts/chains';
import type { Chain } from '@signet/contracts/chains';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { signingKeys } from './signing-keys';

/** GET signatureChains/{id}: the chain to sign, with the asking user's `currentSignatureId`. */
function getChain(client: ApiClient, id: string, signal?: AbortSignal): Promise<Chain> {
  return client.get(`/rdss/v1/signatureChains/${encodeURIComponent(id)}`, {
    schema: chainSchema,
    signal,
  });
}

export function useSigningChain(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: signingKeys.chain(id),
    queryFn: ({ signal }) => getChain(client, id, signal),
    enabled: id !== '',
  });
}

/** Several chains at once (batch signing). */
export function useSigningChains(ids: readonly string[]) {
  const client = useApiClient();
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: signingKeys.chain(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getChain(client, id, signal),
    })),
  });
}
