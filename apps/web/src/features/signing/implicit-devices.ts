import { useQuery } from '@tanstack/react-query';
import { devicePageSchema } from '@signet/contracts/devices';
import { useApiClient } from '../../shared/api/api-client-context';
import { queryKeys } from '../../shared/api/query-keys';

/** Devices one signer may have at most that the count looks at (the largest page). */
const devicePageSize = 50;

/**
 * How many enabled devices the signer has, for the implicit-credential rules of D§5 and the blue
 * note; undefined while unknown (blocks nothing). DEVICE_* events refresh it (`queryKeys.devices`).
 */
export function useEnabledDeviceCount(): number | undefined {
  const client = useApiClient();
  const devices = useQuery({
    queryKey: [...queryKeys.devices, 'self', 'enabled-count'],
    queryFn: ({ signal }) =>
      client.get('/rssp/v1/devices/self', {
        query: { 'page-num': 1, 'page-size': devicePageSize },
        schema: devicePageSchema,
        signal,
      }),
  });
  return devices.data?.content.filter((device) => device.enabled).length;
}
