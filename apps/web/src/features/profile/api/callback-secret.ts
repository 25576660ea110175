import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callbackSecretStatusSchema,
  newCallbackSecretSchema,
  type NewCallbackSecret,
} from '@signet/contracts/callbacks';
import { useApiClient } from '../../../shared/api/api-client-context';

const secretKey = ['callback-secret'] as const;

/** GET callbacks/secret: whether the user's chains' callbacks are signed with their own secret. */
export function useCallbackSecretStatus() {
  const client = useApiClient();
  return useQuery({
    queryKey: secretKey,
    queryFn: () => client.get('/rdss/v1/callbacks/secret', { schema: callbackSecretStatusSchema }),
  });
}

/** POST callbacks/secret: a new secret, replacing the old one; the answer is its only copy. */
export function useMakeCallbackSecret() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<NewCallbackSecret> =>
      client.post('/rdss/v1/callbacks/secret', undefined, { schema: newCallbackSecretSchema }),
    onSuccess: () => queries.invalidateQueries({ queryKey: secretKey }),
  });
}

/** DELETE callbacks/secret: back to the server's secret. */
export function useRemoveCallbackSecret() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: () => client.delete('/rdss/v1/callbacks/secret'),
    onSuccess: () => queries.invalidateQueries({ queryKey: secretKey }),
  });
}
