import { useQuery } from '@tanstack/react-query';
import { signatureProfileSchema } from '@signet/contracts/signature-profiles';
import type { SignatureProfile } from '@signet/contracts/signature-profiles';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { profileKeys, profilesPath } from './profile-keys';

/** GET users/self/signatureProfiles/{id}: one profile with its images. */
export function getProfile(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<SignatureProfile> {
  return client.get(`${profilesPath}/${encodeURIComponent(id)}`, {
    schema: signatureProfileSchema,
    signal,
  });
}

export function useProfile(id: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: profileKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getProfile(client, id ?? '', signal),
    enabled: id !== undefined,
  });
}
