import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signResultSchema } from '@signet/contracts/signatures';
import type { SignRequestInput, SignResult } from '@signet/contracts/signatures';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** A sign call may wait for the engine on a large file and for a device's approval. */
const signTimeoutMs = 10 * 60_000;

/**
 * POST signatures/sign: one or several chains with one credential and one authorisation (D§3).
 * Every chain list, document and the dashboard counts refresh afterwards.
 */
export function useSignDocuments() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      request,
      signal,
    }: {
      request: SignRequestInput;
      /** Ends the wait (Cancel or the countdown of a device approval). */
      signal?: AbortSignal;
    }): Promise<SignResult> =>
      client.post('/rdss/v1/signatures/sign', request, {
        schema: signResultSchema,
        timeoutMs: signTimeoutMs,
        ...(signal ? { signal } : {}),
      }),
    onSettled: () =>
      Promise.all(
        [queryKeys.signatureChains, queryKeys.documents, queryKeys.currentUserStats].map(
          (queryKey) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** A fresh key for one press of Sign: a retry of the same request signs once (issue 14 §1). */
export function newIdempotencyKey(): string {
  return `sign-${crypto.randomUUID()}`;
}
