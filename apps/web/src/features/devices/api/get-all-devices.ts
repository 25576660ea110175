import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { devicePageSchema } from '@signet/contracts/devices';
import type { DeviceListQuery, DevicePage } from '@signet/contracts/devices';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET devices (admin): everyone's devices. */
export function getAllDevices(client: ApiClient, query: DeviceListQuery): Promise<DevicePage> {
  const params = Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string | number>;
  return client.get('/rssp/v1/devices', { query: params, schema: devicePageSchema });
}

export function useAllDevices(query: DeviceListQuery) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.devices, 'all', query],
    queryFn: () => getAllDevices(client, query),
    placeholderData: keepPreviousData,
  });
}
