import type { RemoteConfig } from '@signet/contracts/server';
import type { QueryClient } from '@tanstack/react-query';
import type { User as OidcUser, UserManager } from 'oidc-client-ts';
import { getUserStats } from '../features/chains/api/get-user-stats';
import { createApiClient } from '../shared/api/api-client';
import type { EarlyResponses } from '../shared/api/api-client';
import { queryKeys } from '../shared/api/query-keys';
import { createUserManager } from '../shared/auth/user-manager';
import { fetchCurrentUser } from '../shared/hooks/use-current-user';
import { fetchRemoteConfig, remoteConfigQueryOptions } from '../shared/hooks/use-remote-config';
import { paths } from './paths';

/** What the first render starts from: the OIDC client and the session it found stored. */
export interface StartSession {
  userManager: UserManager;
  /**
   * The stored session if it has not expired, null when none is stored; undefined when it has
   * expired (the auth provider renews it first, as without a start session).
   */
  user: OidcUser | null | undefined;
}

/**
 * How long the first render waits for the config and for the first screen's data. They were asked
 * for by the entry script while the code loaded, so they are usually there; a slow answer is left
 * to the app, which shows its progress (the config gate's or the screen's spinner) meanwhile.
 */
const dataWaitMs = 400;

function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([work, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}

/** The calls of the first screen whose answers go into the cache before it renders. */
async function seedFirstScreen(
  queryClient: QueryClient,
  config: RemoteConfig,
  user: OidcUser,
  early: EarlyResponses,
  pathname: string,
): Promise<void> {
  if (pathname !== paths.dashboard) return;
  // Only the stored token: a refused one is left to the app, which renews it and asks again.
  const api = createApiClient({
    config,
    tokens: { getAccessToken: () => user.access_token, renewAccessToken: async () => undefined },
    early,
  });
  const seed = <T>(key: readonly string[], fetch: Promise<T>) =>
    fetch.then(
      (data) => {
        queryClient.setQueryData(key, data);
      },
      () => undefined,
    );
  await within(
    Promise.all([
      seed(queryKeys.currentUser, fetchCurrentUser(api)),
      seed(queryKeys.currentUserStats, getUserStats(api)),
    ]),
    dataWaitMs,
  );
}

/**
 * Before the first render (decision 016): the remote config in the cache, the stored session
 * read, and on the dashboard the user and the counts (answers the entry script asked for) in the
 * cache, so that the first render is the screen itself rather than three spinners in a row, each
 * a render pass of its own. Undefined when the config could not be loaded: the app then shows the
 * config error as before.
 */
export async function prepareStartSession(
  queryClient: QueryClient,
  early: EarlyResponses,
  location: Pick<Location, 'origin' | 'pathname'>,
): Promise<StartSession | undefined> {
  // A config still on its way (or retried after a failure) is left to the config gate.
  await within(
    queryClient.prefetchQuery({
      ...remoteConfigQueryOptions,
      queryFn: ({ signal }) => fetchRemoteConfig(signal, early),
    }),
    dataWaitMs,
  );
  const config = queryClient.getQueryData<RemoteConfig>(queryKeys.remoteConfig);
  if (!config) return undefined;
  const userManager = createUserManager(config, location.origin);
  const stored = await userManager.getUser().catch(() => null);
  if (stored?.expired) return { userManager, user: undefined };
  if (stored) await seedFirstScreen(queryClient, config, stored, early, location.pathname);
  return { userManager, user: stored };
}
