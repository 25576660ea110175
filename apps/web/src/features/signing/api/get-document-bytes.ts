import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../shared/api/api-client-context';
import { signingKeys } from './signing-keys';

/**
 * GET documents/{id}/file: the bytes of the revision the signer signs on (the chain's latest
 * signed revision, or the original before the first signature), for the pdf.js preview.
 */
export function useDocumentBytes(documentId: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: signingKeys.documentBytes(documentId ?? ''),
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
