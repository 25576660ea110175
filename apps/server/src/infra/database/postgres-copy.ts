import type { ClientBase } from 'pg';
import { takeBytes } from './postgres-socket';

/**
 * A part of a field of a row that `copyOut` hands over, in order: `part` holds the field's bytes
 * from `at`, of `length` in all (null for SQL null). A field of up to `wholeBytes` comes whole
 * (`at` 0). `part` is valid only during the call (it may be a view of a buffer the driver reuses).
 */
export type CopiedPart = (part: Buffer | null, column: number, at: number, length: number) => void;

/** Fields up to this size (numbers, ids) are handed over whole. */
const wholeBytes = 64;

const signature = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const headerBytes = signature.length + 8;

/**
 * Reads PostgreSQL's binary COPY format (a header, then per row an int16 field count and each
 * field as an int32 length and its bytes, then -1) from the bytes of the CopyData messages, cut
 * anywhere: a large field's bytes are handed over as they come, never gathered.
 */
class BinaryCopyReader {
  private state: 'header' | 'extension' | 'count' | 'length' | 'field' | 'small' | 'done' =
    'header';
  private readonly small = Buffer.alloc(Math.max(headerBytes, wholeBytes));
  private have = 0;
  private need = headerBytes;
  private skip = 0;
  private fieldsLeft = 0;
  private column = 0;
  private fieldLength = 0;
  private fieldAt = 0;
  rows = 0;

  constructor(private readonly onPart: CopiedPart) {}

  private fieldDone(): void {
    this.column++;
    this.fieldsLeft--;
    this.state = this.fieldsLeft > 0 ? 'length' : 'count';
    this.need = this.fieldsLeft > 0 ? 4 : 2;
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && this.state !== 'done') {
      if (this.state === 'field') {
        const n = Math.min(this.fieldLength - this.fieldAt, chunk.length - at);
        this.onPart(chunk.subarray(at, at + n), this.column, this.fieldAt, this.fieldLength);
        this.fieldAt += n;
        at += n;
        if (this.fieldAt === this.fieldLength) this.fieldDone();
        continue;
      }
      if (this.state === 'extension') {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        if (this.skip === 0) [this.state, this.need] = ['count', 2];
        continue;
      }
      // Small items (the header, counts, lengths, small fields) are gathered whole.
      const n = Math.min(this.need - this.have, chunk.length - at);
      chunk.copy(this.small, this.have, at, at + n);
      this.have += n;
      at += n;
      if (this.have < this.need) break;
      this.have = 0;
      this.take();
    }
  }

  private take(): void {
    const { small } = this;
    switch (this.state) {
      case 'header':
        if (!small.subarray(0, signature.length).equals(signature)) {
          throw new Error('Not a binary COPY stream');
        }
        this.skip = small.readUInt32BE(headerBytes - 4);
        [this.state, this.need] = this.skip > 0 ? ['extension', 0] : ['count', 2];
        return;
      case 'count': {
        const count = small.readInt16BE(0);
        // -1 ends the stream.
        if (count < 0) {
          this.state = 'done';
          return;
        }
        this.rows++;
        [this.fieldsLeft, this.column] = [count, 0];
        [this.state, this.need] = count > 0 ? ['length', 4] : ['count', 2];
        return;
      }
      case 'length': {
        const length = small.readInt32BE(0);
        if (length <= 0) {
          this.onPart(length < 0 ? null : small.subarray(0, 0), this.column, 0, length);
          this.fieldDone();
        } else if (length <= wholeBytes) {
          [this.state, this.need, this.fieldLength] = ['small', length, length];
        } else {
          [this.state, this.fieldLength, this.fieldAt] = ['field', length, 0];
        }
        return;
      }
      case 'small':
        this.onPart(small.subarray(0, this.fieldLength), this.column, 0, this.fieldLength);
        this.fieldDone();
        return;
      default:
        return;
    }
  }
}

/** Backend message codes: CopyOutResponse, CopyData, CopyDone. */
const copyCodes = new Set([0x48, 0x64, 0x63]);

/**
 * Takes the connection's incoming bytes from node-postgres while COPY's answer arrives: the
 * driver would gather each CopyData message whole (a 1 MiB row costs it about 4 MiB of growing
 * buffers and two copies), where the rows' bytes can go from the socket's reads to their place in
 * one copy. At the first message that is not COPY's own (CommandComplete, an error, a notice)
 * everything from there goes back to the driver, which then handles it as usual (and any later
 * CopyData through `handleCopyData`). On a `readingSocket` (postgres-socket.ts) the bytes are
 * taken from its one reused buffer; on another (TLS) from the driver's `data` events.
 */
function interceptCopy(stream: NodeJS.EventEmitter, onPayload: (bytes: Buffer) => void): void {
  const header = Buffer.alloc(5);
  let headerHave = 0;
  let code = 0;
  let left = 0;
  const read = (chunk: Buffer, giveBack: (rest: Buffer) => void) => {
    let at = 0;
    while (at < chunk.length) {
      if (left > 0) {
        const n = Math.min(left, chunk.length - at);
        if (code === 0x64) onPayload(chunk.subarray(at, at + n));
        left -= n;
        at += n;
        continue;
      }
      if (headerHave === 0 && !copyCodes.has(chunk[at] as number)) {
        giveBack(chunk.subarray(at));
        return;
      }
      const n = Math.min(5 - headerHave, chunk.length - at);
      chunk.copy(header, headerHave, at, at + n);
      headerHave += n;
      at += n;
      if (headerHave === 5) {
        headerHave = 0;
        code = header[0] as number;
        left = header.readUInt32BE(1) - 4;
      }
    }
  };
  if (takeBytes(stream, read)) return;
  const theirs = stream.listeners('data') as ((chunk: Buffer) => void)[];
  const giveBack = (rest: Buffer) => {
    stream.removeListener('data', ours);
    for (const listener of theirs) stream.on('data', listener);
    if (rest.length > 0) for (const listener of theirs) listener(rest);
  };
  const ours = (chunk: Buffer) => read(chunk, giveBack);
  for (const listener of theirs) stream.removeListener('data', listener);
  stream.on('data', ours);
}

/**
 * Runs `copy (select) to stdout (format binary)` on `client` and hands each field of each row to
 * `onPart` as the rows arrive; answers the number of rows. node-postgres answers a `bytea` in
 * text format only (its binary mode decodes every field as UTF-8): hex text twice the bytes' size,
 * decoded into a JavaScript string, then parsed into a new buffer. COPY's binary rows arrive as the
 * bytes themselves, which `onPart` copies straight to where they go (decision 025). COPY takes
 * no parameters: the caller inlines only values it has checked (UUIDs).
 *
 * An exception from `onPart` ends the delivery of fields; it is answered once the statement has
 * ended (the rest of the rows are read and dropped), so the connection is ready for the next query.
 */
export function copyOut(client: ClientBase, select: string, onPart: CopiedPart): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: { error: unknown } | undefined;
    const reader = new BinaryCopyReader((part, column, at, length) => {
      if (failure) return;
      try {
        onPart(part, column, at, length);
      } catch (error) {
        failure = { error };
      }
    });
    const read = (bytes: Buffer) => {
      if (failure) return;
      try {
        reader.push(bytes);
      } catch (error) {
        failure = { error };
      }
    };
    const noop = () => undefined;
    // A "submittable" (node-postgres' extension point): the driver hands it the connection when
    // its turn comes and each message of the answer.
    const submittable = {
      submit(connection: { stream: NodeJS.EventEmitter; query(text: string): void }) {
        interceptCopy(connection.stream, read);
        connection.query(`copy (${select}) to stdout (format binary)`);
      },
      handleCopyData(message: { chunk: Buffer }) {
        read(message.chunk);
      },
      // A statement's error (or a lost connection, after which no ReadyForQuery comes) is
      // answered at once; the driver waits for ReadyForQuery before it runs the next query.
      handleError(error: unknown) {
        failure ??= { error };
        reject(error as Error);
      },
      handleReadyForQuery() {
        if (failure) reject(failure.error as Error);
        else resolve(reader.rows);
      },
      handleCommandComplete: noop,
      handleRowDescription: noop,
      handleDataRow: noop,
      handleEmptyQuery: noop,
      handlePortalSuspended: noop,
      handleCopyInResponse: noop,
    };
    (client as unknown as { query(submittable: object): void }).query(submittable);
  });
}
