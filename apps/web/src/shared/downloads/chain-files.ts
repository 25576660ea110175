import type { Chain } from '@signet/contracts/chains';
import type { DocumentFileMode, DocumentFilesInput } from '@signet/contracts/documents';
import type { ApiClient } from '../api/api-client';

/** A download takes as long as its bytes do, not a JSON call's timeout. */
const downloadTimeoutMs = 10 * 60_000;

/** What a chain's download looks like: the fields every screen's chain has. */
export type DownloadableChain = Pick<
  Chain,
  'id' | 'origDocument' | 'batch' | 'signingTrailMode' | 'signedDocument' | 'signatures'
>;

/** D§9: the name as uploaded, plus `.pdf` when missing. */
export const pdfName = (name: string) => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);
const baseName = (name: string) => name.replace(/\.pdf$/i, '');

/** A chain's name: its document's, or its batch's. */
export const chainName = (chain: DownloadableChain) =>
  chain.origDocument?.fileName ?? chain.batch?.name ?? '';

/** The chain has a signing trail (detached and full downloads exist). */
export const hasTrail = (chain: DownloadableChain) => chain.signingTrailMode !== 'NONE';

/** The modes a chain offers (D§2): full never in a new tab; a batch chain's as one zip. */
export function downloadModes(
  chain: DownloadableChain,
  purpose: 'download' | 'open',
): DocumentFileMode[] {
  const modes: DocumentFileMode[] = ['ORIGINAL'];
  if (chain.origDocument) modes.push('UPLOAD');
  if (hasTrail(chain) && chain.origDocument) modes.push('DETACHED');
  if (hasTrail(chain) && purpose === 'download') modes.push('FULL');
  return modes;
}

/**
 * A bulk chain signed by someone: the server answers its ASiC-E container (decision 040), named
 * for the batch with `.asice`; unsigned, the zip of its documents.
 */
export const isSignedContainer = (chain: DownloadableChain) =>
  !chain.origDocument && chain.signatures.some((s) => s.status === 'DONE');

/**
 * D§9 names: as uploaded plus `.pdf`, `-signingtrail.pdf`, `.zip`; a signed container `.asice`;
 * the upload as it was `-upload.pdf`, apart from the document as it stands (issue 38 §9).
 */
export function downloadName(chain: DownloadableChain, mode: DocumentFileMode): string {
  const name = chainName(chain);
  if (isSignedContainer(chain) && mode === 'ORIGINAL') {
    return `${name.replace(/\.(pdf|zip|asice)$/i, '')}.asice`;
  }
  if (!chain.origDocument || mode === 'FULL') return `${baseName(name)}.zip`;
  if (mode === 'DETACHED') return `${baseName(name)}-signingtrail.pdf`;
  if (mode === 'UPLOAD') return `${baseName(name)}-upload.pdf`;
  return pdfName(name);
}

/**
 * The menu's words for a mode: a batch chain's download is a zip of its documents, or once signed
 * its ASiC-E container, alone or with the signing trail (issue 38 §4); opened in a tab, its first
 * document.
 */
export function modeLabelKey(
  chain: DownloadableChain,
  mode: DocumentFileMode,
  purpose: 'download' | 'open',
): string {
  if (chain.origDocument || purpose === 'open' || (mode !== 'ORIGINAL' && mode !== 'FULL')) {
    return `download.modes.${mode}`;
  }
  return `download.${isSignedContainer(chain) ? 'containerModes' : 'batchModes'}.${mode}`;
}

/** `POST documents/files`: one zip of the chains' documents as they stand (FULL: with trails). */
export function getChainsZip(
  client: ApiClient,
  chainIds: string[],
  mode: 'ORIGINAL' | 'FULL' = 'ORIGINAL',
): Promise<Blob> {
  const body: DocumentFilesInput = { chainIds, mode };
  return client.post<Blob>('/rdss/v1/documents/files', body, {
    responseType: 'blob',
    timeoutMs: downloadTimeoutMs,
  });
}

/** `GET documents/{id}/file` of a document in a chain, in a mode (D§7). */
export function getDocumentFile(
  client: ApiClient,
  documentId: string,
  chainId: string | undefined,
  mode: DocumentFileMode,
): Promise<Blob> {
  return client.get<Blob>(`/rdss/v1/documents/${encodeURIComponent(documentId)}/file`, {
    query: { mode, chainId },
    responseType: 'blob',
    timeoutMs: downloadTimeoutMs,
  });
}

/**
 * A chain's file in a mode: its document as it stands, as uploaded, its signing trail or both
 * zipped; a batch chain's documents as one zip.
 */
export function getChainFile(
  client: ApiClient,
  chain: DownloadableChain,
  mode: DocumentFileMode,
): Promise<Blob> {
  if (!chain.origDocument) {
    return getChainsZip(client, [chain.id], mode === 'FULL' ? 'FULL' : 'ORIGINAL');
  }
  return getDocumentFile(client, chain.origDocument.id, chain.id, mode);
}

/** Saves a Blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has started the download; give the browser a moment before letting the URL go.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
