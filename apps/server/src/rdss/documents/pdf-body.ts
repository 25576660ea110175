import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { AppError } from '#infra/app-error';
import type { BlobStore } from './document-store';
import type { RevisionBuffers, SharedSha256 } from '../pdf-work';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The body is too large');

/**
 * Reads an `application/pdf` body into one buffer. A body that arrives as one chunk is taken as
 * it is (no copy). Otherwise, with a Content-Length the buffer is allocated once and the chunks
 * are copied in as they arrive (no list of chunks beside their concatenation: a 50 MB upload
 * holds 50 MB, not 100); without one the chunks are joined at the end. Past `limit` bytes it
 * stops reading and answers 413 at once. `onBytes` is given each range as it arrives, in order,
 * where it stays unchanged (the chunk itself, or its place in the one buffer); with a
 * Content-Length the first chunk's range waits for the second, so that all lie in that buffer.
 */
export function readPdfBody(
  payload: IncomingMessage,
  limit: number,
  onBytes?: (bytes: Uint8Array, offset: number) => void,
  allocate: (size: number) => Buffer = Buffer.allocUnsafe,
  /** The error past `limit` (a storage quota's instead of the upload limit's). */
  overLimit: () => AppError = tooLarge,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(payload.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      payload.resume();
      reject(overLimit());
      return;
    }
    const expected = Number.isInteger(declared) && declared > 0 ? declared : null;
    let fixed: Buffer | null = null;
    const chunks: Buffer[] = [];
    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      if (received + chunk.length > (expected ?? limit)) {
        payload.removeAllListeners('data');
        payload.resume();
        reject(
          expected !== null && received + chunk.length <= limit
            ? new AppError('BAD_REQUEST', 'The body is longer than its Content-Length')
            : overLimit(),
        );
        return;
      }
      if (expected !== null && received > 0) {
        // A second chunk: from here on they all go into the one buffer, the first one too
        // (its range is named only now, so that every range lies in that buffer).
        if (!fixed) {
          fixed = allocate(expected);
          const first = chunks.splice(0)[0]!;
          first.copy(fixed, 0);
          onBytes?.(fixed.subarray(0, first.length), 0);
        }
        chunk.copy(fixed, received);
        onBytes?.(fixed.subarray(received, received + chunk.length), received);
      } else {
        if (expected === null) onBytes?.(chunk, received);
        chunks.push(chunk);
      }
      received += chunk.length;
    });
    payload.once('end', () => {
      if (fixed) resolve(fixed.subarray(0, received));
      else {
        // A body of one chunk with a Content-Length: its range was kept back until now.
        if (expected !== null && chunks.length === 1) onBytes?.(chunks[0]!, 0);
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      }
    });
    payload.once('error', reject);
  });
}

/**
 * An uploaded PDF as it arrived: the id its document will have, its bytes and their SHA-256. A
 * class, so that only the PDF body parser makes one (not a JSON body of the same shape).
 */
export class ReceivedPdf {
  constructor(
    readonly id: string,
    readonly bytes: Uint8Array,
    readonly sha256: string,
  ) {}
}

/**
 * Reads a PDF body (`readPdfBody`) and hashes it while it arrives (a large one on the hashing
 * thread, from the shared buffer it lands in), while a store outside the database already writes
 * it (`BlobStore.stage`): once the last byte is in, only the check and the row are left. A body
 * refused on the way leaves nothing staged.
 */
export async function receivePdf(
  payload: IncomingMessage,
  limit: number,
  blobs: BlobStore,
  hashes: SharedSha256,
  buffers?: RevisionBuffers,
  overLimit?: () => AppError,
): Promise<ReceivedPdf> {
  const id = randomUUID();
  const hash = hashes.create();
  const staging = blobs.stage?.(id);
  try {
    const bytes = await readPdfBody(
      payload,
      limit,
      (range, offset) => {
        hash.update(range);
        staging?.write(range, offset);
      },
      buffers ? (size) => buffers.take(size) : undefined,
      overLimit,
    );
    return new ReceivedPdf(id, bytes, await hash.digest());
  } catch (error) {
    // Ends the hashing thread's job; nobody needs its digest.
    hash.digest().catch(() => undefined);
    await blobs.remove(id);
    throw error;
  }
}

/** A PDF read whole (a part of a batch): staged, then hashed while the store writes it. */
export function receivedWhole(bytes: Uint8Array, blobs: BlobStore): ReceivedPdf {
  const id = randomUUID();
  blobs.stage?.(id).write(bytes, 0);
  return new ReceivedPdf(id, bytes, createHash('sha256').update(bytes).digest('hex'));
}
