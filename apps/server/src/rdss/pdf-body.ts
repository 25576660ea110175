import type { IncomingMessage } from 'node:http';
import { AppError } from '#infra/app-error';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The body is too large');

/**
 * Reads an `application/pdf` body into one buffer. A body that arrives as one chunk is taken as
 * it is (no copy). Otherwise, with a Content-Length the buffer is allocated once and the chunks
 * are copied in as they arrive (no list of chunks beside their concatenation: a 50 MB upload
 * holds 50 MB, not 100); without one the chunks are joined at the end. Past `limit` bytes it
 * stops reading and answers 413 at once.
 */
export function readPdfBody(payload: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(payload.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      payload.resume();
      reject(tooLarge());
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
            : tooLarge(),
        );
        return;
      }
      if (expected !== null && received > 0) {
        // A second chunk: from here on they all go into the one buffer.
        if (!fixed) {
          fixed = Buffer.allocUnsafe(expected);
          chunks.splice(0)[0]!.copy(fixed, 0);
        }
        chunk.copy(fixed, received);
      } else chunks.push(chunk);
      received += chunk.length;
    });
    payload.once('end', () => {
      if (fixed) resolve(fixed.subarray(0, received));
      else resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    payload.once('error', reject);
  });
}
