import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

// Only the total: the profile contracts stay out of the dashboard's code.
const totalSchema = z.object({ total: z.number().int() });

/**
 * How many signature profiles the user has (`page-size=0` answers only the total), for the
 * "no signature profile" onboarding banner; under the profiles' key, so saving one refreshes it.
 */
export function useProfileCount(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.signatureProfiles, 'count'],
    queryFn: async ({ signal }) => {
      const page = await client.get('/rdss/v1/users/self/signatureProfiles', {
        query: { 'page-size': 0 },
        schema: totalSchema,
        signal,
      });
      return page.total;
    },
    enabled,
  });
}
