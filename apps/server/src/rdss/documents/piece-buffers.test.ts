import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { blobChunkBytes, reusedPieceStream, type PieceBuffers } from './piece-buffers';

/** A slow client: each write completes after a pause, and what it got is hashed. */
function slowDestination(pauseMs: number) {
  const hash = createHash('sha256');
  let bytes = 0;
  const destination = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      // Read the bytes only when the write completes, as a socket does.
      setTimeout(() => {
        hash.update(chunk);
        bytes += chunk.length;
        done();
      }, pauseMs);
    },
  });
  return { destination, digest: () => hash.digest('hex'), bytes: () => bytes };
}

describe('reusedPieceStream', () => {
  it('sends every piece intact through two buffers, to a client slower than the reads', async () => {
    const source = randomBytes(blobChunkBytes * 6 + 12345);
    const taken = new Set<ArrayBufferLike>();
    const { destination, digest, bytes } = slowDestination(15);
    const stream = await reusedPieceStream(async (buffers: PieceBuffers) => {
      return (async function* () {
        for (let at = 0; at < source.length; at += blobChunkBytes) {
          const into = await buffers.take();
          taken.add(into.buffer);
          const piece = source.subarray(at, at + blobChunkBytes);
          piece.copy(into);
          yield into.subarray(0, piece.length);
        }
      })();
    }, destination);
    await pipeline(stream, destination);
    expect(bytes()).toBe(source.length);
    expect(digest()).toBe(createHash('sha256').update(source).digest('hex'));
    expect(taken.size).toBeLessThanOrEqual(2);
  });

  it('hands its buffers to the next download, the one of the read that found the end too', async () => {
    const source = randomBytes(blobChunkBytes * 3 + 777);
    // As the file store reads: a buffer taken for every read, the last one finding nothing.
    const download = async () => {
      const taken = new Set<ArrayBufferLike>();
      const { destination, digest } = slowDestination(1);
      const stream = await reusedPieceStream(async (buffers) => {
        return (async function* () {
          for (let at = 0; ; at += blobChunkBytes) {
            const into = await buffers.take();
            taken.add(into.buffer);
            const read = at < source.length ? source.copy(into, 0, at, at + blobChunkBytes) : 0;
            if (read === 0) return;
            yield into.subarray(0, read);
          }
        })();
      }, destination);
      await pipeline(stream, destination);
      expect(digest()).toBe(createHash('sha256').update(source).digest('hex'));
      return taken;
    };
    const first = await download();
    const second = await download();
    expect([...second].filter((buffer) => !first.has(buffer)).length).toBe(0);
  });

  it('stops reading when the client goes away', async () => {
    const { destination } = slowDestination(5);
    let read = 0;
    const stream = await reusedPieceStream(async (buffers) => {
      return (async function* () {
        for (;;) {
          const into = await buffers.take();
          read++;
          yield into;
        }
      })();
    }, destination);
    stream.pipe(destination);
    await new Promise((resolve) => setTimeout(resolve, 50));
    destination.destroy();
    stream.destroy();
    const before = read;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read).toBe(before);
  });
});
