import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chainSchema } from '@signet/contracts/chains';
import type { ChainDecision } from '@signet/contracts/chains';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** POST signatures/{chainId}/decline with the signer's entry and reason; the lists refresh. */
export function useDeclineChain() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ chainId, decision }: { chainId: string; decision: ChainDecision }) =>
      client.post(`/rdss/v1/signatures/${encodeURIComponent(chainId)}/decline`, decision, {
        schema: chainSchema,
      }),
    onSuccess: () =>
      Promise.all(
        [queryKeys.signatureChains, queryKeys.currentUserStats].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
