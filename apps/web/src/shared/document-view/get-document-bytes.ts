import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api/api-client-context';
import { queryKeys } from '../api/query-keys';

/** The bytes of a document or revision, under the root that document events refresh. */
export const documentBytesKey = (documentId: string) =>
  [...queryKeys.documents, 'bytes', documentId] as const;

/**
 * GET documents/{id}/file: the bytes of a document or of a chain's signed revision (its id is the
 * chain's signedDocument), for the pdf.js viewer of the signing and approve screens.
 */
export function useDocumentBytes(documentId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: documentBytesKey(documentId ?? ''),
    queryFn: async ({ signal }) => {
      const blob = await client.get<Blob>(
        `/rdss/v1/documents/${encodeURIComponent(documentId ?? '')}/file`,
        { responseType: 'blob', signal, timeoutMs: 10 * 60_000 },
      );
      return new Uint8Array(await blob.arrayBuffer());
    },
    enabled: Boolean(documentId),
    // A revision never changes; a new signature makes a new document id.
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}
