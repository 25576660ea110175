import { remoteConfigSchema } from '@signet/contracts/server';
import type { RemoteConfig } from '@signet/contracts/server';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { EarlyResponses } from '../api/api-client';
import { toApiError } from '../api/api-error';
import { queryKeys } from '../api/query-keys';

const configUrl = '/api/v1/server/config';

/**
 * GET server/config, without auth; loaded once before the app renders. `early` may hold the
 * answer already (asked for by the entry script).
 */
export async function fetchRemoteConfig(
  signal?: AbortSignal,
  early?: EarlyResponses,
): Promise<RemoteConfig> {
  const response =
    (await early?.take(configUrl, undefined)) ??
    (await fetch(configUrl, {
      headers: { Accept: 'application/json' },
      signal: signal ?? null,
    }));
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(response.status, body);
  return remoteConfigSchema.parse(body);
}

export const remoteConfigQueryOptions = queryOptions({
  queryKey: queryKeys.remoteConfig,
  queryFn: ({ signal }) => fetchRemoteConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
});

/** The remote config (spec platform §3). The app shell loads it before anything renders. */
export function useRemoteConfig(): RemoteConfig {
  return useSuspenseQuery(remoteConfigQueryOptions).data;
}
