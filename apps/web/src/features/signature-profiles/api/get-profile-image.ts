import { useQuery } from '@tanstack/react-query';
import { imageDataUrlResponseSchema } from '@signet/contracts/signatures';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { profileKeys, visibleSignaturePath } from './profile-keys';

/** GET signatures/visibleSignature/profileImage/{id}: the profile's preview as a data URL. */
export async function getProfileImage(
  client: ApiClient,
  id: string,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await client.get(
    `${visibleSignaturePath}/profileImage/${encodeURIComponent(id)}`,
    {
      schema: imageDataUrlResponseSchema,
      signal,
    },
  );
  return answer.imageDataUrl;
}

/** The preview shown on hover; fetched when first shown, then kept. */
export function useProfileImage(id: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: profileKeys.image(id),
    queryFn: ({ signal }) => getProfileImage(client, id, signal),
    staleTime: 60_000,
  });
}
