import { useMutation } from '@tanstack/react-query';
import { enrollmentSchema } from '@signet/contracts/devices';
import type { Enrollment } from '@signet/contracts/devices';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';

/** POST devices/enrollments: a one-time enrollment link for the add-device QR. */
export function createEnrollment(client: ApiClient): Promise<Enrollment> {
  return client.post('/rssp/v1/devices/enrollments', undefined, { schema: enrollmentSchema });
}

export function useCreateEnrollment() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => createEnrollment(client) });
}
