import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { PieceBuffers } from './piece-buffers';

/** A file of a zip: its name inside, its length, its bytes in pieces when its turn comes. */
export interface ZipEntry {
  name: string;
  /** Undefined for bytes written while they are read (a container inside a zip). */
  size: number | undefined;
  /** With `buffers`, each piece is read into one of them (a download's own, used again). */
  open: (buffers?: PieceBuffers) => Promise<AsyncIterable<Uint8Array>>;
  /**
   * Small bytes at hand (a container's mimetype, manifests and signatures): written whole, with
   * their CRC in the local header and no extra field, deflated when `compress`.
   */
  bytes?: Uint8Array;
  compress?: boolean;
}

/**
 * The same files with names unique inside one zip: a second `a.pdf` becomes `a (2).pdf`
 * (compared without case, as Windows and macOS extract them).
 */
export function uniqueNames<T extends { name: string }>(files: readonly T[]): T[] {
  const taken = new Set<string>();
  return files.map((file) => {
    const dot = file.name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [file.name.slice(0, dot), file.name.slice(dot)] : [file.name, ''];
    let name = file.name;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem} (${n})${ext}`;
    taken.add(name.toLowerCase());
    return { ...file, name };
  });
}

/**
 * A zip of the entries, written while it is read (yazl, decision 029): each entry's pieces are
 * opened only when the zip reaches it, so the download holds a piece or two, never a file and
 * never the archive. Entries are stored, not deflated: PDFs are compressed inside already. When
 * the reader goes away (the client cut the download) the entry being read is closed, so nothing
 * stays open; when an entry cannot be read the zip stream ends with that error.
 */
export function zipStream(entries: readonly ZipEntry[]): Readable {
  const zip = new ZipFile();
  const open = new Set<Readable>();
  const mtime = new Date();
  for (const entry of entries) {
    if (entry.bytes) {
      const options = { compress: entry.compress === true, mtime, forceDosTimestamp: true };
      zip.addBuffer(Buffer.from(entry.bytes), entry.name, options);
      continue;
    }
    const sized = entry.size === undefined ? {} : { size: entry.size };
    zip.addReadStreamLazy(entry.name, { compress: false, ...sized, mtime }, (done) => {
      entry.open().then(
        (pieces) => {
          const source = Readable.from(pieces, { objectMode: false });
          open.add(source);
          source.once('close', () => open.delete(source));
          done(null, source);
        },
        // yazl emits the error from the zip (below), which ends the answer.
        (error: unknown) => (done as (error: unknown) => void)(error),
      );
    });
  }
  zip.end();
  const out = zip.outputStream as Readable;
  zip.on('error', (error: Error) => out.destroy(error));
  out.once('close', () => {
    for (const source of open) source.destroy();
  });
  return out;
}
