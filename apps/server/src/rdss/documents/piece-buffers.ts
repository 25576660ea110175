import { Readable, type Writable } from 'node:stream';

/**
 * The largest piece of a document's bytes in one row: node-postgres copies each parameter into
 * its message, so a file written in one statement is held twice (decision 011, "the bytes in
 * pieces on PostgreSQL"). 1 MiB measured faster and lighter than 8 MiB, and no lighter at 512 KiB
 * (decision 011, "pieces of 1 MiB").
 */
export const blobChunkBytes = 1024 * 1024;

/**
 * Where a reader of pieces (`BlobStore.pieces`) puts each piece's bytes: a buffer of
 * `blobChunkBytes`, given when the one before is no longer read (decision 025, "a download's
 * pieces used again").
 */
export interface PieceBuffers {
  take(): Promise<Buffer>;
}

/**
 * Idle piece buffers of finished downloads, for the next ones. A fresh 1 MiB piece is external
 * memory the collector frees late: 48 of them a 48 MB download measured 27–46 MB of the process's
 * memory over its baseline (decision 025).
 */
const idle: Buffer[] = [];
const maxIdle = 8;

/** What a download holds at most: the piece the socket sends, and the next one being read. */
const piecesPerDownload = 2;

/**
 * A download's pieces as a stream for `destination` (the response), read into at most two
 * buffers used again. A buffer is taken again only once every byte of it has left: the bytes
 * pushed after it exceed what the stream and the destination (the socket's queue included) still
 * hold. Until then the reader waits for the destination to drain. A destination that closes (the
 * client went away) ends the reading, and the pieces' own `finally` closes what they opened.
 */
export async function reusedPieceStream(
  open: (buffers: PieceBuffers) => Promise<AsyncIterable<Uint8Array>>,
  destination: Writable,
): Promise<Readable> {
  const slots: { buffer: Buffer; end: number }[] = [];
  let pushed = 0;
  // The stream is made once the pieces are open; the first piece is read before that.
  const made: { stream?: Readable } = {};
  // Set once the pieces are all read: no read can write into a buffer any more.
  let allRead = false;
  const left = () => pushed - (made.stream?.readableLength ?? 0) - destination.writableLength;
  const buffers: PieceBuffers = {
    async take() {
      for (;;) {
        if (destination.destroyed) throw new Error('The download was closed');
        const free = slots.find((slot) => slot.end <= left());
        if (free) {
          free.end = Infinity;
          return free.buffer;
        }
        if (slots.length < piecesPerDownload) {
          const buffer = idle.pop() ?? Buffer.allocUnsafeSlow(blobChunkBytes);
          slots.push({ buffer, end: Infinity });
          return buffer;
        }
        await drained(destination);
      }
    },
  };
  // Back to the idle ones once the response is done with them: every byte handed to the system
  // ('finish'), or the response cut ('close'). On 'finish' already: the client may ask for its
  // next download before the response's 'close' comes, which would then make buffers anew.
  const giveBack = () => {
    destination.off('finish', giveBack);
    destination.off('close', giveBack);
    // A piece still being read stays out: its read may write into it yet. Once all are read the
    // last read's buffer goes back too: it found nothing more (the end of the file), and left
    // out, every download made a buffer anew and left one to the collector (decision 047).
    for (const slot of slots) {
      if ((allRead || slot.end !== Infinity) && idle.length < maxIdle) idle.push(slot.buffer);
    }
    slots.length = 0;
  };
  destination.once('finish', giveBack);
  destination.once('close', giveBack);
  const pieces = await open(buffers);
  made.stream = Readable.from(
    (async function* () {
      for await (const piece of pieces) {
        pushed += piece.length;
        const slot = slots.find((s) => s.buffer.buffer === piece.buffer);
        if (slot) slot.end = pushed;
        yield piece;
      }
      allRead = true;
    })(),
    { objectMode: false },
  );
  return made.stream;
}

/** Until the destination drains or closes, or a moment passes (a write that never queued). */
function drained(destination: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      destination.off('drain', done);
      destination.off('close', done);
      resolve();
    };
    const timer = setTimeout(done, 5);
    destination.once('drain', done);
    destination.once('close', done);
  });
}
