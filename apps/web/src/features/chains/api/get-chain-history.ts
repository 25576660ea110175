import { useQuery } from '@tanstack/react-query';
import {
  chainHistoryResponseSchema,
  type ChainHistoryResponse,
} from '@signet/contracts/chain-history';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { chainKeys } from './chain-keys';

/** GET signatureChains/{id}/history: what happened to the chain, oldest first. */
export function getChainHistory(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<ChainHistoryResponse> {
  return client.get(`/rdss/v1/signatureChains/${encodeURIComponent(id)}/history`, {
    schema: chainHistoryResponseSchema,
    signal,
  });
}

export function useChainHistory(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: chainKeys.history(id),
    queryFn: ({ signal }) => getChainHistory(client, id, signal),
  });
}
