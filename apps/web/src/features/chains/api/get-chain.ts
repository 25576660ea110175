import { useQuery } from '@tanstack/react-query';
import { chainSchema } from '@signet/contracts/chains';
import type { Chain } from '@signet/contracts/chains';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { chainKeys } from './chain-keys';

/** GET signatureChains/{id}: one chain, with the asking user's `currentSignatureId`. */
export function getChain(client: ApiClient, id: string, signal?: AbortSignal): Promise<Chain> {
  return client.get(`/rdss/v1/signatureChains/${encodeURIComponent(id)}`, {
    schema: chainSchema,
    signal,
  });
}

export function useChain(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: chainKeys.one(id ?? ''),
    queryFn: ({ signal }) => getChain(client, id ?? '', signal),
    enabled: Boolean(id),
  });
}
