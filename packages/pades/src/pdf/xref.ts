import { PdfError } from './errors';
import { PdfDict, PdfRef, PdfStream, type PdfValue } from './pdf-objects';
import { PdfParser, isWhitespace } from './pdf-parser';
import { decodeStream, type InflateBudget } from './stream-filters';

/** One cross-reference entry: free, at a byte offset, or inside an object stream. */
export type XrefEntry =
  | { type: 0 }
  | { type: 1; offset: number; gen: number }
  | { type: 2; stream: number; index: number };

interface Subsection {
  first: number;
  count: number;
  /** Offset of the first entry (in the file for tables, in the decoded data for streams). */
  pos: number;
  stride: number;
}

/**
 * What the file needs of an older trailer or cross-reference stream dictionary: the links and the
 * size of the chain, the stream's layout, and the keys that say which document it is. Sections
 * other than the newest are read with just these (a document signed ten times has ten trailers);
 * the rest, such as each /ID, is read if somebody asks for it.
 */
const SUMMARY_KEYS: ReadonlySet<string> = new Set([
  ...['Prev', 'Size', 'XRefStm', 'Type', 'W', 'Index', 'Filter', 'DecodeParms'],
  ...['Root', 'Info', 'Encrypt'],
]);

/** One cross-reference section (a table or a stream) with its trailer; entries are read on demand. */
export class XrefSection {
  /** For hybrid files: the `/XRefStm` stream consulted after this table. */
  hidden?: XrefSection;
  private wholeTrailer?: PdfDict;

  constructor(
    readonly offset: number,
    readonly kind: 'table' | 'stream',
    /** The trailer's `SUMMARY_KEYS`, or the whole trailer when there is no `readTrailer`. */
    readonly summary: PdfDict,
    private readonly subsections: Subsection[],
    private readonly data: Uint8Array,
    private readonly widths: number[],
    /** Reads the whole trailer of a section read for its summary. */
    private readonly readTrailer?: () => PdfDict,
  ) {}

  /** The whole trailer; read on first use when the section was read for its summary. */
  get trailer(): PdfDict {
    this.wholeTrailer ??= this.readTrailer ? this.readTrailer() : this.summary;
    return this.wholeTrailer;
  }

  lookup(num: number): XrefEntry | undefined {
    for (const sub of this.subsections) {
      if (num < sub.first || num >= sub.first + sub.count) continue;
      const at = sub.pos + (num - sub.first) * sub.stride;
      return this.kind === 'table' ? this.tableEntry(at) : this.streamEntry(at);
    }
    return this.hidden?.lookup(num);
  }

  /** Every object number this section defines. */
  numbers(): number[] {
    const out: number[] = [];
    for (const sub of this.subsections) for (let i = 0; i < sub.count; i++) out.push(sub.first + i);
    if (this.hidden) out.push(...this.hidden.numbers());
    return out;
  }

  /** `oooooooooo ggggg n` read digit by digit: lookups happen for every object read. */
  private tableEntry(at: number): XrefEntry {
    const data = this.data;
    let offset = 0;
    for (let i = at; i < at + 10; i++) {
      const c = data[i] as number;
      if (c >= 48 && c <= 57) offset = offset * 10 + c - 48;
      else if (c !== 0x20) return { type: 0 };
    }
    let gen = 0;
    for (let i = at + 11; i < at + 16; i++) {
      const c = data[i] as number;
      if (c >= 48 && c <= 57) gen = gen * 10 + c - 48;
    }
    return data[at + 17] === 0x6e ? { type: 1, offset, gen } : { type: 0 };
  }

  private streamEntry(at: number): XrefEntry {
    const fields: number[] = [];
    let pos = at;
    for (const width of this.widths) {
      let value = 0;
      for (let i = 0; i < width; i++) value = value * 256 + (this.data[pos++] as number);
      fields.push(value);
    }
    const type = this.widths[0] === 0 ? 1 : (fields[0] as number);
    if (type === 1) return { type: 1, offset: fields[1] as number, gen: fields[2] ?? 0 };
    if (type === 2) return { type: 2, stream: fields[1] as number, index: fields[2] ?? 0 };
    return { type: 0 };
  }
}

function damaged(message: string, cause?: unknown): PdfError {
  return new PdfError('DAMAGED_PDF', message, { cause });
}

/** Offset given by the last `startxref` of the file. */
export function findStartXref(bytes: Uint8Array): number {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const from = Math.max(0, bytes.length - 16384);
  const at = buffer.lastIndexOf('startxref', bytes.length, 'latin1');
  if (at < from || at < 0)
    throw damaged('no startxref at the end of the file; it is truncated or damaged');
  const parser = new PdfParser(bytes, at + 9);
  const offset = parser.readInteger();
  if (offset >= bytes.length) throw damaged('startxref points past the end of the file');
  return offset;
}

function readTable(bytes: Uint8Array, offset: number, only?: ReadonlySet<string>): XrefSection {
  const parser = new PdfParser(bytes, offset);
  parser.expectKeyword('xref');
  const subsections: Subsection[] = [];
  for (;;) {
    parser.skipWhitespace();
    const c = bytes[parser.pos];
    if (c === 0x74) break; // trailer
    const first = parser.readInteger();
    const count = parser.readInteger();
    // The entries start after the end-of-line of the subsection header.
    while (bytes[parser.pos] === 0x20) parser.pos++;
    if (bytes[parser.pos] === 0x0d) parser.pos++;
    if (bytes[parser.pos] === 0x0a) parser.pos++;
    const pos = parser.pos;
    let stride = 20;
    if (count > 0) {
      // Entries should be 20 bytes; some writers use a one-byte end of line.
      let end = pos + 18;
      while (end < pos + 21 && isWhitespace(bytes[end]) && end < bytes.length) end++;
      stride = end - pos;
      if (stride < 19) stride = 19;
    }
    subsections.push({ first, count, pos, stride });
    parser.pos = pos + count * stride;
    if (parser.pos > bytes.length)
      throw damaged('cross-reference table runs past the end of the file');
  }
  parser.expectKeyword('trailer');
  const trailerAt = parser.pos;
  const readTrailer = (keys?: ReadonlySet<string>): PdfDict => {
    const trailer = new PdfParser(bytes, trailerAt).parseValue(0, keys);
    if (!(trailer instanceof PdfDict)) throw damaged('trailer is not a dictionary');
    return trailer;
  };
  const summary = readTrailer(only);
  return new XrefSection(offset, 'table', summary, subsections, bytes, [], only && readTrailer);
}

function readStream(
  bytes: Uint8Array,
  offset: number,
  only?: ReadonlySet<string>,
  budget?: InflateBudget,
): XrefSection {
  const parser = new PdfParser(bytes, offset);
  const object = parser.parseIndirect(only);
  if (!(object.value instanceof PdfStream) || object.value.dict.nameOf('Type') !== 'XRef') {
    throw damaged(`no cross-reference at offset ${offset}`);
  }
  const dict = object.value.dict;
  const data = decodeStream(dict, object.value.data, (v) => v, budget);
  const widthsValue = dict.get('W');
  const widths = Array.isArray(widthsValue)
    ? widthsValue.map((w) => (typeof w === 'number' ? w : 0))
    : [];
  if (widths.length < 3) throw damaged('cross-reference stream without /W');
  const stride = widths.reduce((a, b) => a + b, 0);
  const indexValue = dict.get('Index');
  const size = dict.numberOf('Size') ?? 0;
  const index = Array.isArray(indexValue)
    ? indexValue.map((n) => (typeof n === 'number' ? n : 0))
    : [0, size];
  const subsections: Subsection[] = [];
  let pos = 0;
  for (let i = 0; i + 1 < index.length; i += 2) {
    const count = index[i + 1] as number;
    subsections.push({ first: index[i] as number, count, pos, stride });
    pos += count * stride;
  }
  const readTrailer = (): PdfDict =>
    (new PdfParser(bytes, offset).parseIndirect().value as PdfStream).dict;
  return new XrefSection(offset, 'stream', dict, subsections, data, widths, only && readTrailer);
}

/** Reads the section at `offset`, with its whole trailer or (`summaryOnly`) its summary. */
export function readXrefSection(
  bytes: Uint8Array,
  offset: number,
  summaryOnly = false,
  budget?: InflateBudget,
): XrefSection {
  const only = summaryOnly ? SUMMARY_KEYS : undefined;
  try {
    const probe = new PdfParser(bytes, offset);
    probe.skipWhitespace();
    const start = probe.pos;
    const isTable = probe.skipKeyword('xref');
    const section = isTable
      ? readTable(bytes, start, only)
      : readStream(bytes, start, only, budget);
    const hidden = section.summary.get('XRefStm');
    if (isTable && typeof hidden === 'number' && hidden < bytes.length)
      section.hidden = readStream(bytes, hidden, SUMMARY_KEYS, budget);
    return section;
  } catch (error) {
    if (error instanceof PdfError) throw error;
    throw damaged(`the cross-reference at ${offset} cannot be read`, error);
  }
}

/**
 * The chain of sections from the newest (the last `startxref`) to the oldest. `repaired` tells
 * that an offset was wrong and a table was found by searching, or that the chain was cut short.
 */
export function readXrefChain(
  bytes: Uint8Array,
  budget?: InflateBudget,
): { sections: XrefSection[]; repaired: boolean } {
  const sections: XrefSection[] = [];
  const seen = new Set<number>();
  let repaired = false;
  let offset: number | undefined = findStartXref(bytes);
  while (offset !== undefined && !seen.has(offset)) {
    seen.add(offset);
    let section: XrefSection;
    try {
      section = readXrefSection(bytes, offset, sections.length > 0, budget);
    } catch (error) {
      if (error instanceof PdfError && error.code === 'TOO_COMPLEX') throw error;
      // Wrong offsets are a common defect: fall back to the last classic table before the offset
      // (or before startxref), as viewers do; give up on older sections otherwise.
      const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
      const limit =
        sections.length === 0 ? buffer.lastIndexOf('startxref', undefined, 'latin1') : offset + 64;
      let candidate = buffer.lastIndexOf('xref', limit - 1, 'latin1');
      while (candidate > 0 && buffer[candidate - 1] === 0x74)
        candidate = buffer.lastIndexOf('xref', candidate - 1, 'latin1');
      if (candidate < 0 || seen.has(candidate)) {
        if (sections.length === 0) throw error;
        repaired = true;
        break;
      }
      seen.add(candidate);
      section = readXrefSection(bytes, candidate, sections.length > 0, budget);
      repaired = true;
    }
    sections.push(section);
    const prev: PdfValue | undefined = section.summary.get('Prev');
    offset = typeof prev === 'number' && prev >= 0 && prev < bytes.length ? prev : undefined;
  }
  return { sections, repaired };
}

export const isRef = (value: PdfValue | undefined): value is PdfRef => value instanceof PdfRef;
