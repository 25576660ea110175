import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userStatsQueryOptions } from '../../features/chains/api/get-user-stats';
import { useApiClient } from '../../shared/api/api-client-context';
import { useAuth } from '../../shared/auth/use-auth';
import { paths } from '../paths';

/**
 * Asks for the data of the page the app opens on as soon as a session is known, beside users/self
 * (which RequireUser asks for at the same time), rather than after the guard and the page's code:
 * the dashboard's counts arrive with the user instead of one round trip later.
 */
export function PrefetchPageData() {
  const { isAuthenticated } = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!isAuthenticated || window.location.pathname !== paths.dashboard) return;
    void queryClient.prefetchQuery(userStatsQueryOptions(api));
    // A no-op while the counts are fresh, so a new API client (token renewal) asks nothing.
  }, [isAuthenticated, api, queryClient]);

  return null;
}
