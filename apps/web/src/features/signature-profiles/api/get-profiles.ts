import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { signatureProfilePageSchema } from '@signet/contracts/signature-profiles';
import type {
  SignatureProfileListQuery,
  SignatureProfilePage,
} from '@signet/contracts/signature-profiles';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { profileKeys, profilesPath } from './profile-keys';

/** GET users/self/signatureProfiles: one page of the caller's profiles. */
export function getProfiles(
  client: ApiClient,
  query: SignatureProfileListQuery,
  signal?: AbortSignal,
): Promise<SignatureProfilePage> {
  return client.get(profilesPath, { query, schema: signatureProfilePageSchema, signal });
}

export function profilesQueryOptions(client: ApiClient, query: SignatureProfileListQuery) {
  return queryOptions({
    queryKey: profileKeys.list(query),
    queryFn: ({ signal }) => getProfiles(client, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProfiles(query: SignatureProfileListQuery) {
  return useQuery(profilesQueryOptions(useApiClient(), query));
}
