import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { queryKeys } from './query-keys';

/** DELETE devices/{id}: the owner's, or any for an admin (204; STILL_REFERENCED while an approval is pending). */
export async function deleteDevice(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/rssp/v1/devices/${encodeURIComponent(id)}`);
}

export function useDeleteDevice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDevice(client, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}
