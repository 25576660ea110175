import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createdCscClientSchema,
  cscClientListSchema,
  cscConsentRequestSchema,
  cscConsentResultSchema,
  type CreateCscClient,
} from '@signet/contracts/csc';
import { useApiClient } from '../../../shared/api/api-client-context';

const cscClientsKey = ['csc-clients'] as const;

/** GET csc/clients (admin): the CSC API's OAuth clients. */
export function useCscClients() {
  const client = useApiClient();
  return useQuery({
    queryKey: cscClientsKey,
    queryFn: () => client.get('/rssp/v1/csc/clients', { schema: cscClientListSchema }),
  });
}

/** POST csc/clients: the answer holds the secret, shown this once. */
export function useRegisterCscClient() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCscClient) =>
      client.post('/rssp/v1/csc/clients', body, { schema: createdCscClientSchema }),
    onSuccess: () => queries.invalidateQueries({ queryKey: cscClientsKey }),
  });
}

export function useDeleteCscClient() {
  const client = useApiClient();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (clientId: string) =>
      client.delete(`/rssp/v1/csc/clients/${encodeURIComponent(clientId)}`),
    onSuccess: () => queries.invalidateQueries({ queryKey: cscClientsKey }),
  });
}

/** The pending authorization request the consent page shows. */
export function useConsentRequest(requestId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['csc-consent', requestId],
    queryFn: () =>
      client.get(`/rssp/v1/csc/consent/${encodeURIComponent(requestId)}`, {
        schema: cscConsentRequestSchema,
      }),
    retry: false,
  });
}

export function useDecideConsent(requestId: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: (decision: { allow: boolean; silent?: boolean }) =>
      client.post(`/rssp/v1/csc/consent/${encodeURIComponent(requestId)}`, decision, {
        schema: cscConsentResultSchema,
      }),
  });
}
