import type { SignatureProfileListQuery } from '@signet/contracts/signature-profiles';
import { queryKeys } from '../../../shared/api/query-keys';

/** Query keys of the signature profiles feature, all under `queryKeys.signatureProfiles`. */
export const profileKeys = {
  all: queryKeys.signatureProfiles,
  list: (query: SignatureProfileListQuery) =>
    [...queryKeys.signatureProfiles, 'list', query] as const,
  detail: (id: string) => [...queryKeys.signatureProfiles, 'detail', id] as const,
  image: (id: string) => [...queryKeys.signatureProfiles, 'image', id] as const,
  adminProps: [...queryKeys.signatureProfiles, 'admin-props'] as const,
  /** The caller's activated signing credentials (the credential select). */
  activatedCredentials: [...queryKeys.credentials, 'activated'] as const,
};

export const profilesPath = '/rdss/v1/users/self/signatureProfiles';
export const visibleSignaturePath = '/rdss/v1/signatures/visibleSignature';
