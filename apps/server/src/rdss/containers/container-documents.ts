import { createHash } from 'node:crypto';
import { checkEntryName } from '@signet/pades';
import type { Db, Tx } from '#infra/database';
import type { ContainerDocument, ContainerSignatureRow, DocumentRow } from '../schema';
import { type BlobStore, uniqueNames } from '../documents';

/** D§9: the name as uploaded, plus `.pdf` when missing. */
const pdfName = (name: string) => (/\.pdf$/i.test(name) ? name : `${name}.pdf`);

/** A bulk chain's container file name (the batch's name with `.asice`). */
export const containerFileName = (batchName: string) =>
  `${batchName.replace(/\.(pdf|zip|asice)$/i, '')}.asice`;

/**
 * The documents of a container under their names there: the first signature fixed them (its
 * manifest names them, every later one must name the same); before it, each upload's name made
 * safe for a zip path (no folders, no control characters) and unique.
 */
export function containerDocuments(
  batchDocuments: readonly DocumentRow[],
  earlier: readonly ContainerSignatureRow[],
): ContainerDocument[] {
  const fixed = earlier[0]?.documents;
  if (fixed) {
    const same =
      fixed.length === batchDocuments.length &&
      fixed.every((d, i) => d.documentId === batchDocuments[i]?.id);
    if (!same) throw new Error('The batch no longer holds the documents its container signed');
    return fixed;
  }
  const named = uniqueNames(
    batchDocuments.map((document) => ({
      documentId: document.id,
      // eslint-disable-next-line no-control-regex
      name: pdfName(document.fileName).replace(/[/\\\u0000-\u001f]/g, '_'),
    })),
  );
  for (const document of named) checkEntryName(document.name);
  return named;
}

/** The SHA-256 of a stored document, read in pieces and checked against its upload's. */
export async function documentDigest(
  db: Db | Tx,
  blobs: BlobStore,
  document: DocumentRow,
): Promise<Buffer> {
  const pieces = await blobs.pieces(db, document.id);
  if (!pieces) throw new Error(`The bytes of document ${document.id} are missing`);
  const hash = createHash('sha256');
  for await (const piece of pieces) hash.update(piece);
  const digest = hash.digest();
  if (digest.toString('hex') !== document.sha256) {
    throw new Error(`The bytes of document ${document.id} do not match their upload`);
  }
  return digest;
}
