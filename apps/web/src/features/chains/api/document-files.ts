import { useQuery } from '@tanstack/react-query';
import { documentSchema } from '@signet/contracts/documents';
import { useApiClient } from '../../../shared/api/api-client-context';
import { chainKeys } from './chain-keys';

const documentPath = (id: string) => `/rdss/v1/documents/${encodeURIComponent(id)}`;

/** GET documents/{id}/thumbnail as an object URL (PNG of page 1, or a lock for a locked file). */
export function useThumbnail(documentId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: chainKeys.thumbnail(documentId ?? ''),
    queryFn: async ({ signal }) => {
      const blob = await client.get<Blob>(`${documentPath(documentId ?? '')}/thumbnail`, {
        responseType: 'blob',
        signal,
      });
      return URL.createObjectURL(blob);
    },
    enabled: Boolean(documentId),
    // A document's first page never changes: render once, keep it for the session.
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}

/** GET documents/{id}: a document's name, size and security. */
export function useDocument(documentId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: chainKeys.document(documentId ?? ''),
    queryFn: ({ signal }) =>
      client.get(documentPath(documentId ?? ''), { schema: documentSchema, signal }),
    enabled: Boolean(documentId),
  });
}
