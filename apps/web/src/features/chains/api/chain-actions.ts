import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chainRemindersResultSchema, chainSchema } from '@signet/contracts/chains';
import type {
  Chain,
  ChainDecision,
  ChainRemindersResult,
  WithdrawChain,
} from '@signet/contracts/chains';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

const chainPath = (id: string) => `/rdss/v1/signatureChains/${encodeURIComponent(id)}`;

/** The calls that change one chain (documents §7); each answers the chain as it is now, or nothing. */
export const chainActions = {
  withdraw: (client: ApiClient, id: string, input: WithdrawChain = {}) =>
    client.put(`/rdss/v1/signatureChains/withdraw/${encodeURIComponent(id)}`, input),
  /** To the recycle bin (a completed chain). */
  softDelete: (client: ApiClient, id: string) =>
    client.delete(`/rdss/v1/signatureChains/soft/${encodeURIComponent(id)}`),
  /** For good (the admin, from the recycle bin). */
  delete: (client: ApiClient, id: string) => client.delete(chainPath(id)),
  decline: (client: ApiClient, id: string, decision: ChainDecision): Promise<Chain> =>
    client.post(`/rdss/v1/signatures/${encodeURIComponent(id)}/decline`, decision, {
      schema: chainSchema,
    }),
  approve: (client: ApiClient, id: string, decision: ChainDecision): Promise<Chain> =>
    client.post(`/rdss/v1/signatures/${encodeURIComponent(id)}/approve`, decision, {
      schema: chainSchema,
    }),
  updateViewers: (client: ApiClient, id: string, viewerEmails: string[]) =>
    client.put(chainPath(id), { viewerEmails }),
  resendInvitations: (client: ApiClient, id: string) =>
    client.post(`${chainPath(id)}/resendInvitations`),
  /** The creator reminds whose turn it is (once a day per participant). */
  remind: (client: ApiClient, id: string): Promise<ChainRemindersResult> =>
    client.post(`${chainPath(id)}/reminders`, undefined, { schema: chainRemindersResultSchema }),
};

/**
 * One chain action as a mutation; on success every chain list, document and the dashboard counts
 * refresh (the live event does the same for the other participants).
 */
export function useChainAction<Args extends unknown[], Result>(
  action: (client: ApiClient, ...args: Args) => Promise<Result>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: Args) => action(client, ...args),
    onSuccess: () =>
      Promise.all(
        [queryKeys.signatureChains, queryKeys.documents, queryKeys.currentUserStats].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
