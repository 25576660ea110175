import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callbackDeliveryPageSchema } from '@signet/contracts/callbacks';
import { useApiClient } from '../../../shared/api/api-client-context';

const callbacksKey = ['callback-deliveries'] as const;

/** GET admin/callbacks (admin): FAILED or PENDING callback deliveries, a page at a time. */
export function useCallbackDeliveries(query: { status: 'FAILED' | 'PENDING'; page: number }) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...callbacksKey, query.status, query.page],
    queryFn: () =>
      client.get(
        `/rdss/v1/admin/callbacks?status=${query.status}&page-num=${query.page}&page-size=25`,
        { schema: callbackDeliveryPageSchema },
      ),
    // Pending deliveries move on their own: look again now and then while the screen is open.
    refetchInterval: 15_000,
  });
}

/** POST admin/callbacks/{id}/retry: the delivery is attempted at once. */
export function useRetryCallback() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      client.post(`/rdss/v1/admin/callbacks/${encodeURIComponent(id)}/retry`),
    onSuccess: () => queries.invalidateQueries({ queryKey: callbacksKey }),
  });
}
