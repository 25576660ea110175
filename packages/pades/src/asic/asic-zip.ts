import { ZipFile } from 'yazl';
import { fromBufferPromise, type Entry } from 'yauzl';
import { PdfError } from '../pdf';
import {
  ASIC_E_MIMETYPE,
  asicManifestName,
  asicSignatureName,
  checkEntryName,
} from './asic-manifest';

/** One signer's part of a container: its manifest and the CAdES signature over it. */
export interface AsicSignaturePart {
  manifest: Uint8Array;
  signature: Uint8Array;
}

/** A container's files as read: the entries in their order, and their bytes by name. */
export interface AsicEntries {
  /** Names in the central directory's order. */
  names: string[];
  files: Map<string, Uint8Array>;
  /** The first entry is `mimetype`, stored (not deflated) at offset 0 (EN 319 162-1 §A.1). */
  mimetypeFirstStored: boolean;
}

/** Bounds on the work a container may cause when read. */
export interface AsicLimits {
  maxEntries?: number;
  /** Sum of the entries' inflated sizes. */
  maxInflatedBytes?: number;
}

export const defaultAsicLimits = { maxEntries: 1000, maxInflatedBytes: 512 * 1024 * 1024 };

/**
 * The entries of an ASiC-E container in their order: the stored `mimetype` first (without extra
 * fields, so its content sits at byte 38 as readers sniff it), then the documents, then each
 * signer's manifest and signature, numbered from 1.
 */
export function asicLayout(
  documents: { name: string }[],
  signatures: number,
): { name: string; compress: boolean }[] {
  for (const document of documents) checkEntryName(document.name);
  const out = [{ name: 'mimetype', compress: false }];
  for (const document of documents) out.push({ name: document.name, compress: false });
  for (let n = 1; n <= signatures; n++) {
    out.push(
      { name: asicManifestName(n), compress: true },
      { name: asicSignatureName(n), compress: true },
    );
  }
  return out;
}

/** The whole container in memory (tests, small containers); the server streams its own. */
export async function buildAsic(options: {
  documents: { name: string; bytes: Uint8Array }[];
  signatures: AsicSignaturePart[];
}): Promise<Uint8Array> {
  const zip = new ZipFile();
  const mtime = new Date();
  const bytesOf = new Map<string, Uint8Array>([
    ['mimetype', Buffer.from(ASIC_E_MIMETYPE, 'latin1')],
  ]);
  for (const d of options.documents) bytesOf.set(d.name, d.bytes);
  options.signatures.forEach((s, i) => {
    bytesOf.set(asicManifestName(i + 1), s.manifest);
    bytesOf.set(asicSignatureName(i + 1), s.signature);
  });
  for (const entry of asicLayout(options.documents, options.signatures.length)) {
    zip.addBuffer(Buffer.from(bytesOf.get(entry.name) as Uint8Array), entry.name, {
      compress: entry.compress,
      mtime,
      forceDosTimestamp: entry.name === 'mimetype',
    });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const notContainer = (message: string, cause?: unknown) =>
  new PdfError('NOT_A_CONTAINER', message, cause === undefined ? undefined : { cause });

async function readEntry(
  zip: Awaited<ReturnType<typeof fromBufferPromise>>,
  entry: Entry,
): Promise<Buffer> {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  // yauzl checks that the inflated size equals the size the directory claims (validateEntrySizes).
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Reads a container's entries within `limits`: the entry count and the claimed inflated sizes
 * are checked before anything is inflated, and yauzl stops an entry that inflates past its claim.
 */
export async function readAsic(bytes: Uint8Array, limits: AsicLimits = {}): Promise<AsicEntries> {
  const maxEntries = limits.maxEntries ?? defaultAsicLimits.maxEntries;
  const maxInflated = limits.maxInflatedBytes ?? defaultAsicLimits.maxInflatedBytes;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let zip: Awaited<ReturnType<typeof fromBufferPromise>>;
  try {
    zip = await fromBufferPromise(buffer, { strictFileNames: true, validateEntrySizes: true });
  } catch (error) {
    throw notContainer('not a zip file', error);
  }
  if (zip.entryCount > maxEntries)
    throw new PdfError('TOO_COMPLEX', 'the container has too many entries');
  const names: string[] = [];
  const files = new Map<string, Uint8Array>();
  let inflated = 0;
  let firstOffset = -1;
  let firstStored = false;
  try {
    for await (const entry of zip.eachEntry()) {
      if (names.length === 0) {
        firstOffset = entry.relativeOffsetOfLocalHeader;
        firstStored = entry.fileName === 'mimetype' && entry.compressionMethod === 0;
      }
      names.push(entry.fileName);
      if (entry.fileName.endsWith('/')) continue;
      if (entry.isEncrypted()) throw notContainer(`the entry ${entry.fileName} is encrypted`);
      if (files.has(entry.fileName))
        throw notContainer(`the entry ${entry.fileName} appears twice`);
      inflated += entry.uncompressedSize;
      if (inflated > maxInflated)
        throw new PdfError('TOO_COMPLEX', 'the container inflates too far');
      files.set(entry.fileName, await readEntry(zip, entry));
    }
  } catch (error) {
    if (error instanceof PdfError) throw error;
    throw notContainer('the zip cannot be read', error);
  } finally {
    zip.close();
  }
  return { names, files, mimetypeFirstStored: firstStored && firstOffset === 0 };
}
