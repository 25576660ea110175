import { useMutation, useQuery } from '@tanstack/react-query';
import { validationReportSchema, type ValidationReport } from '@signet/contracts/validations';
import type { ApiClient } from '../../../shared/api/api-client';
import { useApiClient } from '../../../shared/api/api-client-context';

/** A file's bytes as the body: the server tells PDF from ASiC-E by their first bytes. */
const asBody = (file: Blob) => new Blob([file], { type: 'application/pdf' });
/** Validating a large file over a slow line takes longer than an ordinary call. */
const timeoutMs = 5 * 60_000;

/** POST validations: the file's signatures checked, the report answered (nothing is kept). */
export function validateFile(client: ApiClient, file: File): Promise<ValidationReport> {
  return client.post('/rdss/v1/validations', asBody(file), {
    query: { fileName: file.name },
    schema: validationReportSchema,
    timeoutMs,
  });
}

/** The same file's report as a readable PDF (in the user's language). */
export function validateFileAsPdf(client: ApiClient, file: File): Promise<Blob> {
  return client.post('/rdss/v1/validations', asBody(file), {
    query: { fileName: file.name, format: 'pdf' },
    responseType: 'blob',
    timeoutMs,
  });
}

const chainPath = (chainId: string) =>
  `/rdss/v1/signatureChains/${encodeURIComponent(chainId)}/validation`;

/** GET signatureChains/{id}/validation: the chain's document as it stands. */
export function getChainValidation(
  client: ApiClient,
  chainId: string,
  signal?: AbortSignal,
): Promise<ValidationReport> {
  return client.get(chainPath(chainId), { schema: validationReportSchema, signal, timeoutMs });
}

export function getChainValidationPdf(client: ApiClient, chainId: string): Promise<Blob> {
  return client.get(chainPath(chainId), { query: { format: 'pdf' }, responseType: 'blob' });
}

export function useValidateFile() {
  const client = useApiClient();
  return useMutation({ mutationFn: (file: File) => validateFile(client, file) });
}

/** A chain's report; validated afresh each time the page opens on it. */
export function useChainValidation(chainId: string | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: ['validation', 'chain', chainId],
    queryFn: ({ signal }) => getChainValidation(client, chainId ?? '', signal),
    enabled: chainId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
