import {
  close,
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  write,
  writeFileSync,
} from 'node:fs';
import { open, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { checkLength, type BlobStaging, type BlobStore } from './document-store';
import { blobChunkBytes, type PieceBuffers } from './piece-buffers';

const uuidPattern = /^[0-9a-f-]{36}$/;

/** The size of each positional write (larger single writes measured slower, see fileWriter). */
const pieceBytes = 256 * 1024;

/**
 * Files up to this size are read and written with synchronous calls: a signed increment
 * (3–100 KB) or a small PDF takes a fraction of a millisecond that way, while each of the four or
 * five trips through libuv's threads (open, stat, read or write, close, rename) waits for a
 * thread and then for this one: 2–3 ms for a 288 KB read while a key password's KDF holds a core
 * (decision 012, "The KDF beside the prepare").
 */
const syncBytes = 1024 * 1024;

/** A large file read while its ranges are hashed is read in steps of this size. */
const hashedReadBytes = 4 * 1024 * 1024;

/**
 * A file written by positional writes of at most 256 KiB, each queued on libuv's thread pool the
 * moment its bytes are given, so the file is written while the JavaScript thread still receives,
 * hashes and checks the rest: no piece waits for that thread to issue the next. The file is opened
 * synchronously (a fraction of a millisecond); an asynchronous open would only be answered once the
 * thread let go. (One 48 MB write call measured 110–190 ms in the server process, 256 KiB pieces
 * 15–25 ms.)
 */
function fileWriter(path: string): BlobStaging & { finish(): Promise<void> } {
  const fd = openSync(path, 'w', 0o600);
  const pieces: Promise<void>[] = [];
  const writeRange = (bytes: Uint8Array, from: number, to: number, at: number): Promise<void> =>
    new Promise<number>((resolve, reject) =>
      write(fd, bytes, from, to - from, at, (error, written) =>
        error ? reject(error) : resolve(written),
      ),
    ).then((written) =>
      from + written < to ? writeRange(bytes, from + written, to, at + written) : undefined,
    );
  const closed = () => new Promise<void>((resolve) => close(fd, () => resolve()));
  const queue = (bytes: Uint8Array, offset: number) => {
    for (let from = 0; from < bytes.length; from += pieceBytes) {
      const piece = writeRange(
        bytes,
        from,
        Math.min(from + pieceBytes, bytes.length),
        offset + from,
      );
      // A failure is met where `finish` awaits it, not as an unhandled rejection before that.
      piece.catch(() => undefined);
      pieces.push(piece);
    }
  };
  // An upload gives its 64 KiB reads one by one, each right after the one before in the same
  // buffer: they are joined into one write of a piece's size (a write call per read cost the
  // server's thread 30-80 ms for 48 MB).
  let pending: { bytes: Uint8Array; offset: number } | null = null;
  const flush = () => {
    if (pending) queue(pending.bytes, pending.offset);
    pending = null;
  };
  return {
    write(bytes, offset) {
      const follows =
        pending !== null &&
        pending.bytes.buffer === bytes.buffer &&
        pending.bytes.byteOffset + pending.bytes.length === bytes.byteOffset &&
        pending.offset + pending.bytes.length === offset;
      if (follows && pending) {
        const { bytes: before } = pending;
        pending.bytes = new Uint8Array(
          before.buffer,
          before.byteOffset,
          before.length + bytes.length,
        );
      } else {
        flush();
        pending = { bytes, offset };
      }
      if (pending.bytes.length >= pieceBytes) flush();
    },
    finish: () => {
      flush();
      return Promise.all(pieces).then(closed, async (error: unknown) => {
        // Every piece has settled before the file is closed.
        await Promise.allSettled(pieces);
        await closed();
        throw error;
      });
    },
  };
}

/**
 * Document bytes as files beside the embedded database (`DATA_DIR/documents`, owner-only), for
 * the embedded default: PGlite keeps a bytea in its WebAssembly memory several times over, which
 * for a 50 MB PDF costs gigabytes and tens of seconds (docs/decisions/011-document-files.md). A file
 * is written under a temporary name and renamed, so a reader never sees half of one. Signed
 * revisions keep their increments the same way, as `<revision id>.increment`. An upload stages its
 * file before its row (`stage`): the write overlaps the upload's receipt, its hash and its check.
 */
export function fileBlobStore(dir: string, extension = 'pdf'): BlobStore {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const pathOf = (documentId: string) => {
    // Ids come from the database, but a path is built from them: only a UUID passes.
    if (!uuidPattern.test(documentId)) throw new Error(`Not a document id: ${documentId}`);
    return join(dir, `${documentId}.${extension}`);
  };
  /** Files begun by `stage`, which `put` finishes or `remove` drops. */
  const staged = new Map<string, ReturnType<typeof fileWriter>>();
  const takeStaged = (documentId: string) => {
    const writer = staged.get(documentId);
    staged.delete(documentId);
    return writer;
  };
  return {
    stage(documentId) {
      const writer = fileWriter(`${pathOf(documentId)}.part`);
      staged.set(documentId, writer);
      return writer;
    },
    async put(_db, documentId, bytes) {
      const path = pathOf(documentId);
      let writer = takeStaged(documentId);
      if (!writer && bytes.length <= syncBytes) {
        writeFileSync(`${path}.part`, bytes, { mode: 0o600 });
        renameSync(`${path}.part`, path);
        return;
      }
      if (!writer) {
        writer = fileWriter(`${path}.part`);
        writer.write(bytes, 0);
      }
      await writer.finish();
      await rename(`${path}.part`, path);
    },
    async get(_db, documentId) {
      try {
        return readSmallSync(pathOf(documentId)) ?? (await readFile(pathOf(documentId)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async readInto(_db, documentId, target, onRange) {
      return (await readWhole(pathOf(documentId), target, onRange)) !== undefined;
    },
    async pieces(_db, documentId, buffers) {
      const path = pathOf(documentId);
      try {
        await stat(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return filePieces(path, buffers);
    },
    async remove(documentId) {
      const path = pathOf(documentId);
      await takeStaged(documentId)
        ?.finish()
        .catch(() => undefined);
      await Promise.all([rm(path, { force: true }), rm(`${path}.part`, { force: true })]);
    },
  };
}

/**
 * A file in pieces of `blobChunkBytes` (`BlobStore.pieces`): opened when the iteration starts and
 * closed when it ends, fails or is abandoned (a download the client broke off).
 */
async function* filePieces(path: string, buffers?: PieceBuffers): AsyncGenerator<Uint8Array> {
  const file = await open(path, 'r');
  try {
    for (;;) {
      const piece = (await buffers?.take()) ?? Buffer.allocUnsafe(blobChunkBytes);
      const { bytesRead } = await file.read(piece, 0, piece.length, null);
      if (bytesRead === 0) return;
      yield piece.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/**
 * A file's bytes read into `into`, which must be exactly their length (the start of a joined
 * revision's buffer); undefined when the file is missing.
 */
async function readWhole(
  path: string,
  into: Uint8Array,
  onRange?: (range: Uint8Array) => void,
): Promise<Uint8Array | undefined> {
  if (into.length <= syncBytes) {
    const read = readWholeSync(path, into);
    if (read) onRange?.(into);
    return read;
  }
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = await file.stat();
    checkLength(path, size, into);
    // Read in steps when someone hashes the ranges: the hash runs beside the next read.
    const step = onRange ? hashedReadBytes : size;
    let offset = 0;
    while (offset < size) {
      const length = Math.min(step, size - offset);
      const { bytesRead } = await file.read(into, offset, length, offset);
      if (bytesRead === 0) throw new Error(`${path} ended early`);
      onRange?.(into.subarray(offset, offset + bytesRead));
      offset += bytesRead;
    }
    return into;
  } finally {
    await file.close();
  }
}

/** `readWhole` of a small file, with synchronous calls (see `syncBytes`). */
function readWholeSync(path: string, into: Uint8Array): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    const { size } = fstatSync(fd);
    checkLength(path, size, into);
    let offset = 0;
    while (offset < size) {
      const bytesRead = readSync(fd, into, offset, size - offset, offset);
      if (bytesRead === 0) throw new Error(`${path} ended early`);
      offset += bytesRead;
    }
    return into;
  } finally {
    closeSync(fd);
  }
}

/** A whole file when it is small (see `syncBytes`), else undefined; throws ENOENT as readFile. */
function readSmallSync(path: string): Buffer | undefined {
  const fd = openSync(path, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size > syncBytes) return undefined;
    const out = Buffer.allocUnsafe(size);
    let offset = 0;
    while (offset < size) {
      const bytesRead = readSync(fd, out, offset, size - offset, offset);
      if (bytesRead === 0) throw new Error(`${path} ended early`);
      offset += bytesRead;
    }
    return out;
  } finally {
    closeSync(fd);
  }
}
