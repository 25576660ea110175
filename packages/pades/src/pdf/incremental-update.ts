import { PdfDict, PdfName, PdfRef, serialize, type PdfValue } from './pdf-objects';
import type { PdfFile } from './pdf-file';

const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');

/**
 * Builds the bytes appended to a PDF: new and changed objects, then a cross-reference section of
 * the same kind as the file's newest one (table or stream) whose /Prev links to it. The original
 * bytes are never copied or changed here.
 */
export class IncrementalUpdate {
  private readonly chunks: Uint8Array[] = [];
  private length = 0;
  private readonly entries: { num: number; gen: number; offset: number }[] = [];
  private nextNum: number;

  constructor(private readonly file: PdfFile) {
    this.nextNum = file.size;
    const last = file.bytes[file.bytes.length - 1];
    if (last !== 0x0a && last !== 0x0d) this.push(latin1('\n'));
  }

  /** Bytes written so far; offsets in the file are `file.bytes.length + position`. */
  get position(): number {
    return this.length;
  }

  allocate(): PdfRef {
    return new PdfRef(this.nextNum++, 0);
  }

  private push(bytes: Uint8Array): void {
    this.chunks.push(bytes);
    this.length += bytes.length;
  }

  private begin(ref: PdfRef): void {
    this.entries.push({ num: ref.num, gen: ref.gen, offset: this.file.bytes.length + this.length });
    this.push(latin1(`${ref.num} ${ref.gen} obj\n`));
  }

  private encryptStringFor(ref: PdfRef): ((bytes: Uint8Array) => Uint8Array) | undefined {
    const security = this.file.security;
    return security ? (bytes) => security.encryptString(bytes, ref.num, ref.gen) : undefined;
  }

  /** Writes a dictionary or array object, encrypting its strings with its own key. */
  writeObject(ref: PdfRef, value: PdfValue): void {
    this.begin(ref);
    this.push(latin1(serialize(value, this.encryptStringFor(ref))));
    this.push(latin1('\nendobj\n'));
  }

  /** Writes a stream; `data` is already encoded as its /Filter says and gets encrypted here. */
  writeStream(ref: PdfRef, dict: PdfDict, data: Uint8Array): void {
    const security = this.file.security;
    const body = security ? security.encryptStream(data, ref.num, ref.gen) : data;
    const withLength = new PdfDict(dict.map).set('Length', body.length);
    this.begin(ref);
    this.push(latin1(serialize(withLength, this.encryptStringFor(ref)) + '\nstream\n'));
    this.push(body);
    this.push(latin1('\nendstream\nendobj\n'));
  }

  /**
   * Writes an object whose body the caller lays out byte by byte (the signature dictionary);
   * returns the position of the body in the update.
   */
  writeRaw(ref: PdfRef, body: Uint8Array): number {
    this.begin(ref);
    const at = this.length;
    this.push(body);
    this.push(latin1('\nendobj\n'));
    return at;
  }

  /** Appends the cross-reference section and trailer; returns the whole update. */
  finish(): Buffer {
    const base = this.file.bytes.length;
    const newest = this.file.sections[0];
    const trailer = new PdfDict();
    for (const key of ['Root', 'Info', 'ID', 'Encrypt']) {
      const value = this.file.trailer.get(key);
      if (value !== undefined) trailer.set(key, value);
    }
    if (newest) trailer.set('Prev', newest.offset);
    const useStream = newest?.kind === 'stream';
    const xrefRef = useStream ? this.allocate() : undefined;
    const xrefOffset = base + this.length;
    if (xrefRef) this.entries.push({ num: xrefRef.num, gen: 0, offset: xrefOffset });
    trailer.set('Size', this.nextNum);
    const sorted = [...this.entries].sort((a, b) => a.num - b.num);
    const groups: { first: number; items: typeof sorted }[] = [];
    for (const entry of sorted) {
      const group = groups[groups.length - 1];
      if (group && group.first + group.items.length === entry.num) group.items.push(entry);
      else groups.push({ first: entry.num, items: [entry] });
    }
    if (xrefRef) {
      const offsetWidth = xrefOffset + 64 > 0xffffffff ? 8 : 4;
      const row = 1 + offsetWidth + 2;
      const data = Buffer.alloc(sorted.length * row);
      let pos = 0;
      for (const group of groups) {
        for (const entry of group.items) {
          data[pos] = 1;
          if (offsetWidth === 4) data.writeUInt32BE(entry.offset, pos + 1);
          else {
            data.writeUInt32BE(Math.floor(entry.offset / 2 ** 32), pos + 1);
            data.writeUInt32BE(entry.offset >>> 0, pos + 5);
          }
          data.writeUInt16BE(entry.gen, pos + 1 + offsetWidth);
          pos += row;
        }
      }
      trailer
        .set('Type', new PdfName('XRef'))
        .set('W', [1, offsetWidth, 2])
        .set(
          'Index',
          groups.flatMap((g) => [g.first, g.items.length]),
        )
        .set('Length', data.length);
      this.push(latin1(`${xrefRef.num} 0 obj\n${serialize(trailer)}\nstream\n`));
      this.push(data);
      this.push(latin1('\nendstream\nendobj\n'));
    } else {
      let table = 'xref\n';
      for (const group of groups) {
        table += `${group.first} ${group.items.length}\n`;
        for (const entry of group.items) {
          table += `${String(entry.offset).padStart(10, '0')} ${String(entry.gen).padStart(5, '0')} n \n`;
        }
      }
      this.push(latin1(`${table}trailer\n${serialize(trailer)}\n`));
    }
    this.push(latin1(`startxref\n${xrefOffset}\n%%EOF\n`));
    return Buffer.concat(this.chunks, this.length);
  }
}
