import { chainSchema, multiChainResultSchema } from '@signet/contracts/chains';
import type { Chain, CreateChainInput, CreateMultiChainInput } from '@signet/contracts/chains';
import { batchSchema, documentSchema } from '@signet/contracts/documents';
import type { BatchView, DocumentView } from '@signet/contracts/documents';
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

/** POST documents/batch: several PDFs under one name (multipart `batchName`, `files`). */
export function uploadBatch(
  client: ApiClient,
  files: readonly File[],
  name: string,
): Promise<BatchView> {
  const form = new FormData();
  form.append('batchName', name);
  for (const file of files) form.append('files', file, file.name);
  return client.post('/rdss/v1/documents/batch', form, {
    schema: batchSchema,
    timeoutMs: 10 * 60_000,
  });
}

/** POST signatureChains/multi: one chain per document of a batch, or one over it (bulk). */
export async function createMultiChain(
  client: ApiClient,
  input: CreateMultiChainInput,
): Promise<Chain[]> {
  return (
    await client.post('/rdss/v1/signatureChains/multi', input, { schema: multiChainResultSchema })
  ).chains;
}
