/**
 * The floor of reading a document's bytes out of PostgreSQL on this machine (decision 025): the
 * same binary COPY the store runs, over a bare socket speaking the protocol itself (no driver,
 * no pool), reading into one buffer and copying each CopyData message's bytes once into a buffer
 * of the document's size, as `readInto` does. Only a server that lets the bench's user in
 * without a password (trust, as on the bench's loopback) is measured; otherwise NaN.
 */
import { Socket, type OnReadOpts, type SocketConstructorOpts } from 'node:net';

function message(code: number | null, body: Buffer): Buffer {
  const head = Buffer.alloc(code === null ? 4 : 5);
  if (code !== null) head[0] = code;
  head.writeInt32BE(body.length + 4, code === null ? 0 : 1);
  return Buffer.concat([head, body]);
}

/**
 * Median time (ms) of `runs` binary COPYs of the document's pieces, each into `size` bytes;
 * with `beside`, each run starts that work at the same moment and waits for it too (the key
 * password's KDF, which a sign request runs on a thread while it reads).
 */
export async function copyFloorMs(
  databaseUrl: string,
  documentId: string,
  size: number,
  runs: number,
  beside?: () => Promise<unknown>,
): Promise<number> {
  const url = new URL(databaseUrl);
  const target = Buffer.allocUnsafe(size + 65536);
  const header = Buffer.alloc(5);
  let [headerHave, code, left, at] = [0, 0, 0, 0];
  let done: ((failed: boolean) => void) | undefined;
  let failed = false;
  const onread: OnReadOpts = {
    buffer: Buffer.allocUnsafe(256 * 1024),
    callback: (length, buffer) => {
      const bytes = Buffer.from(buffer.buffer, buffer.byteOffset, length);
      for (let i = 0; i < bytes.length;) {
        if (left > 0) {
          const n = Math.min(left, bytes.length - i);
          if (code === 0x64) at += bytes.copy(target, at, i, i + n);
          [left, i] = [left - n, i + n];
        } else {
          const n = Math.min(5 - headerHave, bytes.length - i);
          bytes.copy(header, headerHave, i, i + n);
          [headerHave, i] = [headerHave + n, i + n];
          if (headerHave < 5) continue;
          [headerHave, code, left] = [0, header[0]!, header.readUInt32BE(1) - 4];
          // An authentication request other than "ok", or an error: not measured.
          if (code === 0x45) failed = true;
          if (code === 0x52 && left === 4) {
            const kind = bytes.length - i >= 4 ? bytes.readInt32BE(i) : 0;
            if (kind !== 0) failed = true;
          }
        }
        // ReadyForQuery: the answer is complete.
        if (code === 0x5a && left === 0 && headerHave === 0) done?.(failed);
      }
      return true;
    },
  };
  const socket = new Socket({ onread } as SocketConstructorOpts);
  // A server that closes the connection (or never answers) is not measured.
  socket.once('close', () => done?.(true));
  socket.setTimeout(30_000, () => socket.destroy());
  const answer = (bytes: Buffer) =>
    new Promise<boolean>((resolve) => {
      done = resolve;
      socket.write(bytes);
    });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.connect(Number(url.port || 5432), url.hostname, resolve);
    });
    const user = decodeURIComponent(url.username || 'postgres');
    const database = url.pathname.slice(1) || user;
    const startup = Buffer.concat([
      Buffer.from([0, 3, 0, 0]),
      Buffer.from(`user\0${user}\0database\0${database}\0\0`),
    ]);
    if (await answer(message(null, startup))) return Number.NaN;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      at = 0;
      const started = performance.now();
      const other = beside?.();
      const select = `select bytes from rdss.document_blob_chunks where document_id = '${documentId}' order by seq`;
      const query = Buffer.from(`copy (${select}) to stdout (format binary)\0`);
      if (await answer(message(0x51, query))) return Number.NaN;
      times.push(performance.now() - started);
      // The read's own time; the work beside it ends before the next run starts.
      await other;
    }
    return [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? Number.NaN;
  } catch {
    return Number.NaN;
  } finally {
    socket.destroy();
  }
}
