import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  signatureProfilePageSchema,
  signatureProfileSchema,
} from '@signet/contracts/signature-profiles';
import type { SignatureProfileInput } from '@signet/contracts/signature-profiles';
import type { SignatureFieldParameters } from '@signet/contracts/signatures';
import { imageDataUrlResponseSchema } from '@signet/contracts/signatures';
import { useApiClient } from '../../../shared/api/api-client-context';
import { queryKeys } from '../../../shared/api/query-keys';
import type { ProfileChoice } from '../sign-rules';

const base = '/rdss/v1/users/self/signatureProfiles';

/** GET users/self/signatureProfiles/by-user: every profile of the signer, for the profile select. */
export function useSigningProfiles() {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.signatureProfiles, 'by-user'],
    queryFn: async ({ signal }): Promise<ProfileChoice[]> => {
      const page = await client.get(`${base}/by-user`, {
        schema: signatureProfilePageSchema,
        signal,
      });
      return page.content.map((p) => ({
        id: p.id,
        name: p.name,
        // An imported credential is among the signing credentials under its ref's id.
        credentialId: p.credentialId ?? p.credentialRefId,
        savedSignatureFieldParameters: p.savedSignatureFieldParameters,
      }));
    },
  });
}

/** GET signatures/visibleSignature/profileImage/{id}: what a profile's signature shows. */
export function useProfileImage(profileId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: [...queryKeys.signatureProfiles, 'image', profileId ?? ''],
    queryFn: async ({ signal }) => {
      const answer = await client.get(
        `/rdss/v1/signatures/visibleSignature/profileImage/${encodeURIComponent(profileId ?? '')}`,
        { schema: imageDataUrlResponseSchema, signal },
      );
      return answer.imageDataUrl;
    },
    enabled: profileId !== null,
    staleTime: 5 * 60_000,
  });
}

/**
 * Save position to profile (D§2): the profile as it is, with the box as its saved position
 * (`PUT users/self/signatureProfiles/{id}` takes the whole profile).
 */
export function useSaveProfilePosition() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      profileId,
      position,
    }: {
      profileId: string;
      position: SignatureFieldParameters;
    }) => {
      const path = `${base}/${encodeURIComponent(profileId)}`;
      const profile = await client.get(path, { schema: signatureProfileSchema });
      if (!profile.credentialId && !profile.credentialRefId) {
        throw new Error('A profile without a credential');
      }
      const input: SignatureProfileInput = {
        name: profile.name,
        ...(profile.credentialRefId
          ? { credentialRefId: profile.credentialRefId }
          : { credentialId: profile.credentialId ?? undefined }),
        sourceImageDataUrl: profile.sourceImageDataUrl,
        renderedImageDataUrl: profile.renderedImageDataUrl,
        textParams: profile.textParams,
        savedSignatureFieldParameters: position,
      };
      return client.put(path, input, { schema: signatureProfileSchema });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.signatureProfiles }),
  });
}
