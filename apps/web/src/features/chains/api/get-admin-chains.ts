import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { chainPageSchema } from '@signet/contracts/chains';
import type { AdminChainListQuery, ChainPage } from '@signet/contracts/chains';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { chainKeys } from './chain-keys';

/** GET signatureChains (admin): All Documents, or the recycle bin with `recycleBin`. */
export function getAdminChains(
  client: ApiClient,
  query: AdminChainListQuery,
  signal?: AbortSignal,
): Promise<ChainPage> {
  return client.get('/rdss/v1/signatureChains', {
    query: { ...query, recycleBin: String(query.recycleBin) },
    schema: chainPageSchema,
    signal,
  });
}

export function useAdminChains(query: AdminChainListQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: chainKeys.admin(query),
    queryFn: ({ signal }) => getAdminChains(client, query, signal),
    placeholderData: keepPreviousData,
  });
}
