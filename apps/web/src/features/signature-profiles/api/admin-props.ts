import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { visibleSignatureAdminPropsSchema } from '@signet/contracts/signature-profiles';
import type {
  VisibleSignatureAdminProps,
  VisibleSignatureAdminPropsInput,
} from '@signet/contracts/signature-profiles';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';
import { profileKeys, visibleSignaturePath } from './profile-keys';

/** GET signatures/visibleSignature/adminProps: the background behind every visible signature. */
export function getAdminProps(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<VisibleSignatureAdminProps> {
  return client.get(`${visibleSignaturePath}/adminProps`, {
    schema: visibleSignatureAdminPropsSchema,
    signal,
  });
}

/** PUT signatures/visibleSignature/adminProps (admins). */
export function saveAdminProps(
  client: ApiClient,
  input: VisibleSignatureAdminPropsInput,
): Promise<VisibleSignatureAdminProps> {
  return client.put(`${visibleSignaturePath}/adminProps`, input, {
    schema: visibleSignatureAdminPropsSchema,
  });
}

export function useAdminProps() {
  const client = useApiClient();
  return useQuery({
    queryKey: profileKeys.adminProps,
    queryFn: ({ signal }) => getAdminProps(client, signal),
  });
}

export function useSaveAdminProps() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VisibleSignatureAdminPropsInput) => saveAdminProps(client, input),
    onSuccess: (saved) => queryClient.setQueryData(profileKeys.adminProps, saved),
  });
}
