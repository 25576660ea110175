/** The PDF object model the engine reads and writes: just what an incremental update touches. */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfString {
  /** Plain (decrypted) bytes. */
  constructor(readonly bytes: Uint8Array) {}

  text(): string {
    const b = this.bytes;
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff)
      return Buffer.from(b.subarray(2)).swap16().toString('utf16le');
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf)
      return Buffer.from(b.subarray(3)).toString('utf8');
    // Field names and dates are short: a string from char codes costs less than a Buffer view.
    if (b.length > 64) return Buffer.from(b.buffer, b.byteOffset, b.length).toString('latin1');
    let text = '';
    for (const byte of b) text += String.fromCharCode(byte);
    return text;
  }
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export class PdfDict {
  readonly map: Map<string, PdfValue>;

  constructor(entries?: Iterable<[string, PdfValue]>) {
    this.map = new Map(entries);
  }

  get(key: string): PdfValue | undefined {
    return this.map.get(key);
  }

  set(key: string, value: PdfValue): this {
    this.map.set(key, value);
    return this;
  }

  nameOf(key: string): string | undefined {
    const value = this.map.get(key);
    return value instanceof PdfName ? value.name : undefined;
  }

  numberOf(key: string): number | undefined {
    const value = this.map.get(key);
    return typeof value === 'number' ? value : undefined;
  }
}

/** A stream: its dictionary and where its raw (still encoded, maybe encrypted) data lies. */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly data: Uint8Array,
  ) {}
}

export type PdfValue =
  null | boolean | number | PdfName | PdfString | PdfRef | PdfValue[] | PdfDict | PdfStream;

/** An indirect object as read from the file. */
export interface PdfObject {
  num: number;
  gen: number;
  value: PdfValue;
}

const REGULAR = /^[A-Za-z0-9_.+\-*:;,'"!?@$&^|~`=]$/;
const ALL_REGULAR = /^[A-Za-z0-9_.+\-*:;,'"!?@$&^|~`=]*$/;

export function serializeName(name: string): string {
  // Almost every name is plain; only the rest is escaped character by character.
  if (ALL_REGULAR.test(name)) return '/' + name;
  let out = '/';
  for (let i = 0; i < name.length; i++) {
    const ch = String.fromCharCode(name.charCodeAt(i) & 0xff);
    out += REGULAR.test(ch) ? ch : '#' + ch.charCodeAt(0).toString(16).padStart(2, '0');
  }
  return out;
}

export function serializeNumber(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
}

/**
 * Serialises a value (never a stream) to PDF syntax in latin1. Strings go through `encryptString`
 * so that a rewritten object carries strings encrypted with its own object key.
 */
export function serialize(
  value: PdfValue,
  encryptString?: (bytes: Uint8Array) => Uint8Array,
): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return serializeNumber(value);
  if (value instanceof PdfName) return serializeName(value.name);
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (value instanceof PdfString) {
    const bytes = encryptString ? encryptString(value.bytes) : value.bytes;
    return '<' + Buffer.from(bytes).toString('hex') + '>';
  }
  if (Array.isArray(value))
    return '[' + value.map((item) => serialize(item, encryptString)).join(' ') + ']';
  if (value instanceof PdfDict) {
    let out = '<<';
    for (const [key, item] of value.map)
      out += serializeName(key) + ' ' + serialize(item, encryptString);
    return out + '>>';
  }
  throw new Error('streams are written by the update writer');
}

export function pdfTextString(text: string): PdfString {
  // PDFDocEncoding for plain ASCII, UTF-16BE with BOM otherwise.
  if (/^[\x20-\x7e]*$/.test(text)) return new PdfString(Buffer.from(text, 'latin1'));
  return new PdfString(
    Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
  );
}

export function pdfDate(date: Date): string {
  const iso = date.toISOString();
  return `D:${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

export function parsePdfDate(text: string): Date | undefined {
  const m = /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Z+-])?(\d{2})?'?(\d{2})?/.exec(
    text,
  );
  if (!m) return undefined;
  const utc = Date.UTC(
    Number(m[1]),
    Number(m[2] ?? 1) - 1,
    Number(m[3] ?? 1),
    Number(m[4] ?? 0),
    Number(m[5] ?? 0),
    Number(m[6] ?? 0),
  );
  const sign = m[7] === '-' ? -1 : m[7] === '+' ? 1 : 0;
  const offset = sign * (Number(m[8] ?? 0) * 60 + Number(m[9] ?? 0)) * 60000;
  return new Date(utc - offset);
}
