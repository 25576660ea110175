import { useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';

/** DELETE users/{id}/sessions (admin): ends every session of the user. */
export async function endUserSessions(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/api/v1/users/${encodeURIComponent(id)}/sessions`);
}

export function useEndUserSessions() {
  const client = useApiClient();
  return useMutation({ mutationFn: (id: string) => endUserSessions(client, id) });
}
