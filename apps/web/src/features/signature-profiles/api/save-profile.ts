import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signatureProfileSchema } from '@signet/contracts/signature-profiles';
import type {
  SignatureProfile,
  SignatureProfileInputValues,
} from '@signet/contracts/signature-profiles';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { profileKeys, profilesPath } from './profile-keys';

/** POST users/self/signatureProfiles (201), or PUT …/{id} when `id` is given. */
export function saveProfile(
  client: ApiClient,
  input: SignatureProfileInputValues,
  id?: string,
): Promise<SignatureProfile> {
  return id === undefined
    ? client.post(profilesPath, input, { schema: signatureProfileSchema })
    : client.put(`${profilesPath}/${encodeURIComponent(id)}`, input, {
        schema: signatureProfileSchema,
      });
}

export function useSaveProfile() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, id }: { input: SignatureProfileInputValues; id?: string }) =>
      saveProfile(client, input, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
