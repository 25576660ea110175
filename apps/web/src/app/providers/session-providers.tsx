import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createApiClient } from '../../shared/api/api-client';
import type { EarlyResponses } from '../../shared/api/api-client';
import { ApiClientProvider } from '../../shared/api/api-client-context';
import { AuthProvider } from '../../shared/auth/auth-provider';
import { useAuth } from '../../shared/auth/use-auth';
import { createUserManager } from '../../shared/auth/user-manager';
import { LiveEventsProvider } from '../../shared/events/live-events';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import type { StartSession } from '../start-session';
import { PrefetchPageData } from './prefetch-page-data';
import { ResetOnUserChange } from './reset-on-user-change';

interface SessionProvidersProps {
  /** Answers the entry script asked for before the app's code ran. */
  early?: EarlyResponses;
  /** The OIDC client and stored session read before the first render. */
  start?: StartSession;
  children: ReactNode;
}

function ApiClientFromSession({ early, children }: Omit<SessionProvidersProps, 'start'>) {
  const config = useRemoteConfig();
  const auth = useAuth();
  const client = useMemo(
    () => createApiClient({ config, tokens: auth, early }),
    [config, auth, early],
  );
  return (
    <ApiClientProvider client={client}>
      <PrefetchPageData />
      {children}
    </ApiClientProvider>
  );
}

/** The OIDC session (from the remote config) and the API client that uses its token. */
export function SessionProviders({ early, start, children }: SessionProvidersProps) {
  const config = useRemoteConfig();
  const [userManager] = useState(
    () => start?.userManager ?? createUserManager(config, window.location.origin),
  );
  return (
    <AuthProvider userManager={userManager} initialUser={start?.user}>
      <ResetOnUserChange />
      <ApiClientFromSession early={early}>
        <LiveEventsProvider>{children}</LiveEventsProvider>
      </ApiClientFromSession>
    </AuthProvider>
  );
}
