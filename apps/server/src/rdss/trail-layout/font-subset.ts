import type { ParsedFont } from './font-quick-layout';

type Subset = ReturnType<ParsedFont['createSubset']>;
type SubsetStream = ReturnType<Subset['encodeStream']>;
type Glyph = Parameters<Subset['includeGlyph']>[0];

/** The tables of a TrueType file, as views into its bytes. */
function readTables(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tables = new Map<string, Uint8Array>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index += 1) {
    const entry = 12 + 16 * index;
    const tag = String.fromCharCode(...bytes.subarray(entry, entry + 4));
    // Plain views (a Buffer's slice would not copy): a subset copies what it changes.
    const offset = bytes.byteOffset + view.getUint32(entry + 8);
    tables.set(tag, new Uint8Array(bytes.buffer, offset, view.getUint32(entry + 12)));
  }
  return tables;
}

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The tables fontkit's TrueType subset writes, in its order (the PDF needs no others). */
const subsetTables = ['head', 'hhea', 'loca', 'maxp', 'cvt ', 'prep', 'glyf', 'hmtx', 'fpgm'];

/** What a subset reads of its font, once per font. */
interface SubsetSource {
  tables: Map<string, Uint8Array>;
  /** Where each glyph's outline starts in `glyf` (one more entry than glyphs). */
  glyphOffsets: number[];
  metricsCount: number;
}

function subsetSource(bytes: Uint8Array): SubsetSource | undefined {
  const tables = readTables(bytes);
  const head = tables.get('head');
  const loca = tables.get('loca');
  const hhea = tables.get('hhea');
  const glyf = tables.get('glyf');
  // Fonts this file does not subset (CFF outlines, variations) keep fontkit's subset.
  if (!head || !loca || !hhea || !glyf || !tables.has('hmtx') || tables.has('gvar'))
    return undefined;
  const isLong = view(head).getInt16(50) === 1;
  const locaView = view(loca);
  const glyphOffsets: number[] = [];
  for (let at = 0; at < loca.length; at += isLong ? 4 : 2)
    glyphOffsets.push(isLong ? locaView.getUint32(at) : locaView.getUint16(at) * 2);
  return { tables, glyphOffsets, metricsCount: view(hhea).getUint16(34) };
}

/** Composite glyph flags (the TrueType `glyf` table). */
const argsAreWords = 0x1;
const hasScale = 0x8;
const moreComponents = 0x20;
const hasXYScale = 0x40;
const hasTwoByTwo = 0x80;

/**
 * A TrueType subset written from the font's own table bytes, the same bytes fontkit's `TTFSubset`
 * writes (head, hhea, maxp, cvt, prep and fpgm as they are but for the glyph counts, the chosen
 * glyphs' outlines with composite glyphs' components renumbered and added, their metrics; no
 * checksums, as fontkit). fontkit decodes every outline and re-encodes every table field by
 * field, which was a third of a trail's rendering.
 */
class TrueTypeSubset implements Subset {
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(private readonly source: SubsetSource) {
    this.includeGlyph(0);
  }

  includeGlyph(glyph: Glyph): number {
    const id = typeof glyph === 'number' ? glyph : glyph.id;
    let subsetId = this.mapping.get(id);
    if (subsetId === undefined) {
      subsetId = this.glyphs.length;
      this.glyphs.push(id);
      this.mapping.set(id, subsetId);
    }
    return subsetId;
  }

  encodeStream(): SubsetStream {
    const handlers: { data: ((bytes: Uint8Array) => unknown)[]; end: (() => unknown)[] } = {
      data: [],
      end: [],
    };
    // Handlers are attached after this returns, as on fontkit's stream.
    queueMicrotask(() => {
      const bytes = this.encode();
      for (const handler of handlers.data) handler(bytes);
      for (const handler of handlers.end) handler();
    });
    const stream: SubsetStream = {
      on(event, callback) {
        if (event === 'data') handlers.data.push(callback);
        else handlers.end.push(() => callback(new Uint8Array()));
        return stream;
      },
    };
    return stream;
  }

  private encode(): Uint8Array {
    const { tables, glyphOffsets, metricsCount } = this.source;
    const glyf = tables.get('glyf') ?? new Uint8Array();
    const hmtx = view(tables.get('hmtx') ?? new Uint8Array());
    const outlines: Uint8Array[] = [];
    const metrics: number[] = [];
    // Components of composite glyphs join the list as they are found.
    for (let index = 0; index < this.glyphs.length; index += 1) {
      const id = this.glyphs[index] ?? 0;
      const start = glyphOffsets[id] ?? 0;
      let outline = glyf.subarray(start, glyphOffsets[id + 1] ?? start);
      if (outline.length > 0 && view(outline).getInt16(0) < 0) {
        outline = outline.slice();
        const data = view(outline);
        for (let at = 10; ;) {
          const flags = data.getUint16(at);
          data.setUint16(at + 2, this.includeGlyph(data.getUint16(at + 2)));
          at += 4 + (flags & argsAreWords ? 4 : 2);
          at += flags & hasScale ? 2 : flags & hasXYScale ? 4 : flags & hasTwoByTwo ? 8 : 0;
          if (!(flags & moreComponents)) break;
        }
      }
      outlines.push(outline);
      const last = Math.min(id, metricsCount - 1);
      const bearing =
        id < metricsCount
          ? hmtx.getInt16(4 * id + 2)
          : hmtx.getInt16(4 * metricsCount + 2 * (id - metricsCount));
      metrics.push(hmtx.getUint16(4 * last), bearing);
    }

    let offset = 0;
    const offsets = outlines.map((outline) => {
      const at = offset;
      offset += outline.length;
      return at;
    });
    offsets.push(offset);
    const isLong = offset > 0xffff;
    const loca = new Uint8Array(offsets.length * (isLong ? 4 : 2));
    for (const [index, at] of offsets.entries())
      if (isLong) view(loca).setUint32(4 * index, at);
      else view(loca).setUint16(2 * index, at >>> 1);
    const hmtxOut = new Uint8Array(metrics.length * 2);
    for (const [index, value] of metrics.entries())
      if (index % 2 === 0) view(hmtxOut).setUint16(2 * index, value);
      else view(hmtxOut).setInt16(2 * index, value);

    const patched = (tag: string, at: number, value: number) => {
      const table = (tables.get(tag) ?? new Uint8Array()).slice();
      view(table).setUint16(at, value);
      return table;
    };
    const written = new Map<string, Uint8Array[]>([
      ['head', [patched('head', 50, isLong ? 1 : 0)]],
      ['hhea', [patched('hhea', 34, outlines.length)]],
      ['loca', [loca]],
      ['maxp', [patched('maxp', 4, outlines.length)]],
      ['glyf', outlines],
      ['hmtx', [hmtxOut]],
    ]);
    const parts = subsetTables.flatMap((tag) => {
      const own = tables.get(tag);
      const table = written.get(tag) ?? (own ? [own] : undefined);
      return table ? [{ tag, table }] : [];
    });
    return directory(parts);
  }
}

/** The file: fontkit's table directory (tag `true`, checksums 0), the tables one after another. */
function directory(parts: { tag: string; table: Uint8Array[] }[]): Uint8Array {
  const headerLength = 12 + 16 * parts.length;
  const lengths = parts.map(({ table }) => table.reduce((sum, part) => sum + part.length, 0));
  const bytes = new Uint8Array(headerLength + lengths.reduce((sum, length) => sum + length, 0));
  const out = view(bytes);
  bytes.set([0x74, 0x72, 0x75, 0x65]);
  const power = 2 ** Math.floor(Math.log2(parts.length));
  out.setUint16(4, parts.length);
  out.setUint16(6, power * 16);
  out.setUint16(8, Math.log2(power));
  out.setUint16(10, parts.length * 16 - power * 16);
  let offset = headerLength;
  for (const [index, { tag, table }] of parts.entries()) {
    const entry = 12 + 16 * index;
    for (let k = 0; k < 4; k += 1) out.setUint8(entry + k, tag.charCodeAt(k));
    out.setUint32(entry + 8, offset);
    out.setUint32(entry + 12, lengths[index] ?? 0);
    for (const part of table) {
      bytes.set(part, offset);
      offset += part.length;
    }
  }
  return bytes;
}

/**
 * A font whose subsets are written from its TrueType tables (`TrueTypeSubset`); a font those do
 * not fit keeps fontkit's.
 */
export function quickSubsetFont(font: ParsedFont, bytes: Uint8Array): ParsedFont {
  const source = subsetSource(bytes);
  if (source === undefined) return font;
  const quick: ParsedFont = Object.create(font) as ParsedFont;
  return Object.assign(quick, { createSubset: () => new TrueTypeSubset(source) });
}
