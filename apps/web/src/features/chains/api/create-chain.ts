import { chainSchema } from '@signet/contracts/chains';
import type { Chain, CreateChainInput } from '@signet/contracts/chains';
import { documentSchema } from '@signet/contracts/documents';
import type { DocumentView } from '@signet/contracts/documents';
import type { ApiClient } from '../../../shared/api/api-client';

/** POST documents: the PDF as the request body; the server checks and keeps it. */
export function uploadDocument(
  client: ApiClient,
  file: Blob,
  fileName: string,
): Promise<DocumentView> {
  return client.post('/rdss/v1/documents', new Blob([file], { type: 'application/pdf' }), {
    query: { fileName },
    schema: documentSchema,
    // A large file over a slow line takes longer than an ordinary call.
    timeoutMs: 10 * 60_000,
  });
}

/** POST signatureChains over an uploaded document. */
export function createChain(client: ApiClient, input: CreateChainInput): Promise<Chain> {
  return client.post('/rdss/v1/signatureChains', input, { schema: chainSchema });
}

/** DELETE documents/{id}: an upload whose chain could not be created. */
export async function deleteDocument(client: ApiClient, id: string): Promise<void> {
  await client.delete(`/rdss/v1/documents/${encodeURIComponent(id)}`);
}
