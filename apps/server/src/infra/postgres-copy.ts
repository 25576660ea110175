import type { ClientBase } from 'pg';

/**
 * A field of a row that `copyOut` hands over: a view into node-postgres' receive buffer, valid
 * only during the call (the driver reuses that buffer for the next message), or null for SQL null.
 */
export type CopiedField = Buffer | null;

const signature = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const headerBytes = signature.length + 8;
const empty = Buffer.alloc(0);

/**
 * Reads PostgreSQL's binary COPY format (a header, then per row an int16 field count and each
 * field as an int32 length and its bytes, then -1) from the CopyData messages as they come, in
 * whatever pieces they come (PostgreSQL sends a row a message; only what a message cuts off is
 * kept).
 */
class BinaryCopyReader {
  private rest = empty;
  private headerRead = false;
  private fieldsLeft = 0;
  private column = 0;
  rows = 0;

  constructor(private readonly onField: (field: CopiedField, column: number) => void) {}

  push(chunk: Buffer): void {
    const buffer = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk;
    let at = 0;
    for (;;) {
      const left = buffer.length - at;
      if (!this.headerRead) {
        if (left < headerBytes) break;
        if (!buffer.subarray(at, at + signature.length).equals(signature)) {
          throw new Error('Not a binary COPY stream');
        }
        const extension = buffer.readUInt32BE(at + headerBytes - 4);
        if (left < headerBytes + extension) break;
        at += headerBytes + extension;
        this.headerRead = true;
      } else if (this.fieldsLeft === 0) {
        if (left < 2) break;
        const count = buffer.readInt16BE(at);
        at += 2;
        // -1 ends the stream.
        if (count < 0) {
          at = buffer.length;
          break;
        }
        this.fieldsLeft = count;
        this.column = 0;
        this.rows++;
      } else {
        if (left < 4) break;
        const length = buffer.readInt32BE(at);
        if (length >= 0 && left < 4 + length) break;
        this.onField(length < 0 ? null : buffer.subarray(at + 4, at + 4 + length), this.column);
        at += 4 + Math.max(length, 0);
        this.column++;
        this.fieldsLeft--;
      }
    }
    // What a message cut off is copied: the driver's buffer is not ours to keep.
    this.rest = at < buffer.length ? Buffer.from(buffer.subarray(at)) : empty;
  }
}

/**
 * Runs `copy (select) to stdout (format binary)` on `client` and hands each field of each row to
 * `onField` as the rows arrive; answers the number of rows. node-postgres answers a `bytea` in
 * text format only (its binary mode decodes every field as UTF-8): hex text twice the bytes' size,
 * decoded into a JavaScript string, then parsed into a new buffer. COPY's binary rows arrive as the
 * bytes themselves, which `onField` copies straight to where they go (decision 025). COPY takes
 * no parameters: the caller inlines only values it has checked (UUIDs).
 *
 * An exception from `onField` ends the delivery of fields; it is answered once the statement has
 * ended (the rest of the rows are read and dropped), so the connection is ready for the next query.
 */
export function copyOut(
  client: ClientBase,
  select: string,
  onField: (field: CopiedField, column: number) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: { error: unknown } | undefined;
    const reader = new BinaryCopyReader((field, column) => {
      if (failure) return;
      try {
        onField(field, column);
      } catch (error) {
        failure = { error };
      }
    });
    const noop = () => undefined;
    // A "submittable" (node-postgres' extension point): the driver hands it the connection when
    // its turn comes and each message of the answer.
    const submittable = {
      submit(connection: { query(text: string): void }) {
        connection.query(`copy (${select}) to stdout (format binary)`);
      },
      handleCopyData(message: { chunk: Buffer }) {
        if (failure) return;
        try {
          reader.push(message.chunk);
        } catch (error) {
          failure = { error };
        }
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
