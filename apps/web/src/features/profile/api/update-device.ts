import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deviceSchema } from '@signet/contracts/devices';
import type { Device, UpdateDevice } from '@signet/contracts/devices';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { deviceKeys } from './get-own-devices';

/** GET devices/{id}. */
export function getDevice(client: ApiClient, id: string): Promise<Device> {
  return client.get(`/rssp/v1/devices/${encodeURIComponent(id)}`, { schema: deviceSchema });
}

export function useDevice(id: string) {
  const client = useApiClient();
  return useQuery({ queryKey: deviceKeys.one(id), queryFn: () => getDevice(client, id) });
}

/** PUT devices/{id}: the friendly name. */
export function updateDevice(
  client: ApiClient,
  { id, input }: { id: string; input: UpdateDevice },
): Promise<Device> {
  return client.put(`/rssp/v1/devices/${encodeURIComponent(id)}`, input, { schema: deviceSchema });
}

export function useUpdateDevice() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: { id: string; input: UpdateDevice }) => updateDevice(client, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
