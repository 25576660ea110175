import type { QueryClient } from '@tanstack/react-query';

/** The parts of a list's query result (TanStack Query) that tell whether its call failed. */
export interface ListQueryState {
  data: unknown;
  isPlaceholderData: boolean;
  error: Error | null;
  failureCount: number;
  failureReason: Error | null;
}

/**
 * The error a list shows instead of its table, or null. A call that failed for good (its
 * retries too) is always said. One that failed once and is being retried is said at once when the
 * list has no rows of its own (a call that times out takes networkTimeoutMillis a try), also in
 * place of the previous query's rows kept as placeholder: another filter's rows are not this
 * one's. Rows of its own stay while a refresh retries.
 */
export function listFailure(result: ListQueryState): Error | null {
  if (result.error) return result.error;
  const hasOwnRows = result.data !== undefined && !result.isPlaceholderData;
  return !hasOwnRows && result.failureCount > 0 ? result.failureReason : null;
}

/**
 * Loads a failed list again now. A query still retrying keeps its in-flight attempt (a call
 * waiting out its timeout) and `refetch` would only join it, so the query whose failure is
 * shown is cancelled first and `refetch` starts a fresh call.
 */
export async function retryList(
  queryClient: QueryClient,
  failure: Error,
  refetch: () => Promise<unknown>,
): Promise<void> {
  await queryClient.cancelQueries({
    predicate: (query) =>
      query.state.fetchStatus !== 'idle' && query.state.fetchFailureReason === failure,
  });
  await refetch();
}
