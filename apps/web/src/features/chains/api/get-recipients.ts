import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { autocompleteResults, minRecipientQueryLength } from '@signet/contracts/limits';
import { recipientsSchema } from '@signet/contracts/users';
import type { Recipient } from '@signet/contracts/users';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { chainKeys } from './chain-keys';

/** GET users/recipients: people a creator may name, at most 5 (documents §5). */
export async function getRecipients(
  client: ApiClient,
  q: string,
  signal?: AbortSignal,
): Promise<Recipient[]> {
  const found = await client.get('/api/v1/users/recipients', {
    query: { q, maxResults: autocompleteResults },
    schema: recipientsSchema,
    signal,
  });
  return found.items;
}

export function useRecipients(q: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: chainKeys.recipients(q),
    queryFn: ({ signal }) => getRecipients(client, q, signal),
    // Shorter searches are refused (issue 25 §7): none is sent.
    enabled: q.trim().length >= minRecipientQueryLength,
    placeholderData: keepPreviousData,
  });
}
