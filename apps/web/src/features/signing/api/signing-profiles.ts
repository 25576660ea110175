import { useMutation, useQuery } from '@tanstack/react-query';
import type { SignatureFieldParameters } from '@signet/contracts/signatures';
import { queryKeys } from '../../../shared/api/query-keys';
import type { ProfileChoice } from '../sign-rules';

// Signature profiles come with the sign-profiles work; until it lands the signer has none.

export function useSigningProfiles() {
  return useQuery({
    queryKey: [...queryKeys.signatureProfiles, 'by-user'],
    queryFn: (): Promise<ProfileChoice[]> => Promise.resolve([]),
  });
}

export function useProfileImage(profileId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.signatureProfiles, 'image', profileId ?? ''],
    queryFn: (): Promise<string | null> => Promise.resolve(null),
    enabled: profileId !== null,
  });
}

export function useSaveProfilePosition() {
  return useMutation({
    mutationFn: (_: { profileId: string; position: SignatureFieldParameters }) => Promise.resolve(),
  });
}
