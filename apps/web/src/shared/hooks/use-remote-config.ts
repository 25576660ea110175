import { remoteConfigSchema } from '@signet/contracts/server';
import type { RemoteConfig } from '@signet/contracts/server';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { toApiError } from '../api/api-error';
import { queryKeys } from '../api/query-keys';

/** GET server/config, without auth; loaded once before the app renders. */
export async function fetchRemoteConfig(signal?: AbortSignal): Promise<RemoteConfig> {
  const response = await fetch('/api/v1/server/config', {
    headers: { Accept: 'application/json' },
    signal: signal ?? null,
  });
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
