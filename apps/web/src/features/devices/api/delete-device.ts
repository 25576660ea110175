import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** DELETE devices/{id} (admin may delete any device). */
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
