import { useQuery } from '@tanstack/react-query';
import { chainSignaturesSchema } from '@signet/contracts/chain-signatures';
import { useApiClient } from '../api/api-client-context';
import { isApiError } from '../api/api-error';
import { shouldRetryQuery } from '../api/query-client';
import { queryKeys } from '../api/query-keys';

/**
 * GET signatureChains/{id}/signatures: the signatures of the chain's document as it stands, each
 * checked by the server's validator. Under the chains' root, so a chain event (a new signature)
 * checks them again; keyed by the revision shown, so a new revision never shows old answers.
 */
export function useChainSignatures(chainId: string, revisionId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.signatureChains, 'signatures', chainId, revisionId ?? ''] as const,
    queryFn: ({ signal }) =>
      client.get(`/rdss/v1/signatureChains/${encodeURIComponent(chainId)}/signatures`, {
        schema: chainSignaturesSchema,
        signal,
        timeoutMs: 2 * 60_000,
      }),
    enabled: chainId !== '',
    // A user's checks take turns on the server (429 while two run): try again shortly.
    retry: (failures, error) =>
      isApiError(error, 'TOO_MANY_REQUESTS') ? failures < 5 : shouldRetryQuery(failures, error),
    retryDelay: 2000,
  });
}
