import { ASIC_E_MIMETYPE, asicLayout, asicManifestName, asicSignatureName } from '@signet/pades';
import type { Db } from '#infra/database';
import { containerFileName } from '../containers';
import type { ContainerSignatureRow, DocumentRow } from '../schema';
import { type BlobStore, type ZipEntry, zipStream } from '../documents';

const bytesEntry = (name: string, bytes: Uint8Array, compress: boolean): ZipEntry => ({
  name,
  size: bytes.length,
  bytes,
  compress,
  open: () =>
    Promise.resolve(
      (async function* () {
        yield bytes;
      })(),
    ),
});

/**
 * A signed bulk chain as its ASiC-E container (decision 040): the stored `mimetype`, the batch's
 * documents as uploaded under the names the first signature gave them, and each signer's
 * manifest and `.p7s` as they were committed, so every earlier signature still verifies. The
 * documents are streamed (decision 029); only the small META-INF files are at hand.
 */
export function containerEntries(options: {
  db: Db;
  blobs: BlobStore;
  batchName: string;
  documents: readonly DocumentRow[];
  signatures: readonly ContainerSignatureRow[];
}): { name: string; entries: ZipEntry[] } {
  const { db, blobs, documents, signatures } = options;
  const named = (signatures[0] as ContainerSignatureRow).documents;
  const byId = new Map(documents.map((d) => [d.id, d]));
  const layout = asicLayout(named, signatures.length);
  const entries = layout.map((place, index): ZipEntry => {
    if (place.name === 'mimetype') {
      return bytesEntry('mimetype', Buffer.from(ASIC_E_MIMETYPE, 'latin1'), false);
    }
    const document = named[index - 1];
    if (document && index <= named.length) {
      const row = byId.get(document.documentId);
      if (!row) throw new Error(`Document ${document.documentId} of the container is missing`);
      return {
        name: place.name,
        size: row.fileSize,
        open: async () => {
          const pieces = await blobs.pieces(db, row.id);
          if (!pieces) throw new Error(`The bytes of document ${row.id} are missing`);
          return pieces;
        },
      };
    }
    const n = Math.floor((index - named.length - 1) / 2) + 1;
    const signature = signatures[n - 1] as ContainerSignatureRow;
    return place.name === asicManifestName(n)
      ? bytesEntry(place.name, signature.manifest, true)
      : bytesEntry(asicSignatureName(n), signature.signature, true);
  });
  return { name: containerFileName(options.batchName), entries };
}

/**
 * The container as one entry of a larger zip (a full download with the signing trail, several
 * chains at once): its bytes are written while the outer zip reads them, so its size is not
 * known beforehand (issue 38 §4).
 */
export function containerEntry(container: { name: string; entries: ZipEntry[] }): ZipEntry {
  return {
    name: container.name,
    size: undefined,
    open: () => Promise.resolve(zipStream(container.entries)),
  };
}
