import { queryOptions, useQuery } from '@tanstack/react-query';
import { devicePageSchema } from '@signet/contracts/devices';
import type { DevicePage, OwnDeviceListQuery } from '@signet/contracts/devices';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';

export type OwnDevicesParams = Pick<OwnDeviceListQuery, 'page-num' | 'page-size'>;

/** Query keys of the profile's devices (DEVICE_* events invalidate `queryKeys.devices`). */
export const deviceKeys = {
  all: queryKeys.devices,
  own: (params: OwnDevicesParams) => [...queryKeys.devices, 'self', params] as const,
  one: (id: string) => [...queryKeys.devices, 'one', id] as const,
};

/** GET devices/self: the signed-in user's devices, newest first. */
export function getOwnDevices(client: ApiClient, params: OwnDevicesParams): Promise<DevicePage> {
  return client.get('/rssp/v1/devices/self', { query: params, schema: devicePageSchema });
}

export function ownDevicesQueryOptions(client: ApiClient, params: OwnDevicesParams) {
  return queryOptions({
    queryKey: deviceKeys.own(params),
    queryFn: () => getOwnDevices(client, params),
  });
}

export function useOwnDevices(params: OwnDevicesParams) {
  return useQuery(ownDevicesQueryOptions(useApiClient(), params));
}
