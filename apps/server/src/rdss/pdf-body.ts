import type { IncomingMessage } from 'node:http';
import { AppError } from '#infra/app-error';

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'The body is too large');

/**
 * Reads an `application/pdf` body into one buffer. With a Content-Length the buffer is allocated
 * once and the chunks are copied in as they arrive (no list of chunks beside their concatenation:
 * a 50 MB upload holds 50 MB, not 100); without one the chunks are joined at the end. Past
 * `limit` bytes it stops reading and answers 413 at once.
 */
export function readPdfBody(payload: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(payload.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      payload.resume();
      reject(tooLarge());
      return;
    }
    const fixed = Number.isInteger(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : null;
    const chunks: Buffer[] = [];
    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      if (received + chunk.length > (fixed?.length ?? limit)) {
        payload.removeAllListeners('data');
        payload.resume();
        reject(
          fixed && received + chunk.length <= limit
            ? new AppError('BAD_REQUEST', 'The body is longer than its Content-Length')
            : tooLarge(),
        );
        return;
      }
      if (fixed) chunk.copy(fixed, received);
      else chunks.push(chunk);
      received += chunk.length;
    });
    payload.once('end', () => resolve(fixed ? fixed.subarray(0, received) : Buffer.concat(chunks)));
    payload.once('error', reject);
  });
}
