import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/**
 * How far the user is on the way to signing (the onboarding banners of documents §2): how many
 * credentials they have, and how many are activated. `page-size=0` answers only the totals.
 */
export function useSetupProgress(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.credentials, 'setup-progress'],
    queryFn: async ({ signal }) => {
      // The credential contracts are not in the app's code (the dashboard, decision 016).
      const { credentialPageSchema } = await import('@signet/contracts/credentials');
      const count = (status?: 'ACTIVATED') =>
        client
          .get('/rssp/v1/credentials/self', {
            query: { 'page-size': 0, status },
            schema: credentialPageSchema,
            signal,
          })
          .then((page) => page.total);
      const [credentials, activated] = await Promise.all([count(), count('ACTIVATED')]);
      return { credentials, activated };
    },
    enabled,
  });
}
