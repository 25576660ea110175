import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { chainPageSchema } from '@signet/contracts/chains';
import type { ChainPage, OwnChainListQuery } from '@signet/contracts/chains';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { chainKeys } from './chain-keys';

/** GET signatureChains/self: the user's chains under one filter (documents §4). */
export function getOwnChains(
  client: ApiClient,
  query: OwnChainListQuery,
  signal?: AbortSignal,
): Promise<ChainPage> {
  return client.get('/rdss/v1/signatureChains/self', { query, schema: chainPageSchema, signal });
}

export function ownChainsQueryOptions(client: ApiClient, query: OwnChainListQuery) {
  return queryOptions({
    queryKey: chainKeys.own(query),
    queryFn: ({ signal }) => getOwnChains(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOwnChains(query: OwnChainListQuery, enabled = true) {
  return useQuery({ ...ownChainsQueryOptions(useApiClient(), query), enabled });
}

/** The thumbnail view's pages, one "show more" at a time (documents §2: at least 8 a page). */
export function useOwnChainPages(query: Omit<OwnChainListQuery, 'page-num'>, enabled = true) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: [...chainKeys.own({ ...query, 'page-num': 0 }), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      getOwnChains(client, { ...query, 'page-num': pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, page) => n + page.content.length, 0) < last.total
        ? pages.length + 1
        : undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}
