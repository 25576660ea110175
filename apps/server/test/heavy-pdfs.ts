import { deflateSync } from 'node:zlib';

/** Concatenates numbered objects into a PDF with a cross-reference stream (W 1 4 2). */
class PdfWriter {
  private readonly chunks: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  private length = this.chunks[0]!.length;
  /** Object number → [type, field 2, field 3] of its cross-reference row. */
  private readonly rows = new Map<number, [number, number, number]>();

  add(num: number, ...parts: (string | Buffer)[]): void {
    this.rows.set(num, [1, this.length, 0]);
    for (const part of [`${num} 0 obj\n`, ...parts, '\nendobj\n']) {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
      this.chunks.push(bytes);
      this.length += bytes.length;
    }
  }

  /** `num` is entry `index` of object stream `stream`. */
  addCompressed(num: number, stream: number, index: number): void {
    this.rows.set(num, [2, stream, index]);
  }

  stream(num: number, dict: string, data: Buffer): void {
    this.add(num, `<<${dict}/Length ${data.length}>>\nstream\n`, data, '\nendstream');
  }

  finish(): Buffer {
    const xrefNum = Math.max(...this.rows.keys()) + 1;
    const size = xrefNum + 1;
    const xrefAt = this.length;
    this.rows.set(xrefNum, [1, xrefAt, 0]);
    const table = Buffer.alloc(size * 7);
    table.writeUInt16BE(0xffff, 5);
    for (const [num, [type, two, three]] of this.rows) {
      table.writeUInt8(type, num * 7);
      table.writeUInt32BE(two, num * 7 + 1);
      table.writeUInt16BE(three, num * 7 + 5);
    }
    this.stream(xrefNum, `/Type/XRef/W[1 4 2]/Size ${size}/Root 1 0 R`, table);
    this.chunks.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(this.chunks);
  }
}

/**
 * The deflate bomb of issue 25 §3: each of `streams` pages lies in an object stream of its own
 * that inflates to `streamBytes` (white space before the page), so opening the page tree inflates
 * them all; 16 × 120 MiB is a 2 MB file. The streams' contents are the same (each header names
 * every page), so one deflate serves them all.
 */
export function inflateBombPdf(streams = 16, streamBytes = 120 * 1024 * 1024): Buffer {
  const pages = Array.from({ length: streams }, (_, i) => 3 + i);
  const header = pages.map((num) => `${num} 0`).join(' ');
  const page = '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>';
  const padding = streamBytes - header.length - page.length;
  const compressed = deflateSync(
    Buffer.concat([
      Buffer.from(header, 'latin1'),
      Buffer.alloc(padding, 0x20),
      Buffer.from(page, 'latin1'),
    ]),
    { level: 9 },
  );
  const pdf = new PdfWriter();
  pdf.add(1, '<</Type/Catalog/Pages 2 0 R>>');
  pdf.add(2, `<</Type/Pages/Kids[${pages.map((n) => `${n} 0 R`).join(' ')}]/Count ${streams}>>`);
  pages.forEach((num, i) => {
    const stream = 3 + streams + i;
    pdf.stream(
      stream,
      `/Type/ObjStm/N ${streams}/First ${header.length + padding}/Filter/FlateDecode`,
      compressed,
    );
    pdf.addCompressed(num, stream, i);
  });
  return pdf.finish();
}

/**
 * One A4 page of `rectangles` filled 1-point squares (issue 25 §4: three million make pdf.js
 * draw for minutes), in a file of a few hundred kilobytes.
 */
export function rectanglesPdf(rectangles = 3_000_000): Buffer {
  // Rows of squares along the page, repeated: deflate's window holds a whole row.
  const row = Array.from({ length: 500 }, (_, x) => `${x} 400 1 1 re f\n`).join('');
  const content = deflateSync(Buffer.from(row.repeat(Math.ceil(rectangles / 500)), 'latin1'), {
    level: 9,
  });
  const pdf = new PdfWriter();
  pdf.add(1, '<</Type/Catalog/Pages 2 0 R>>');
  pdf.add(2, '<</Type/Pages/Kids[3 0 R]/Count 1>>');
  pdf.add(3, '<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Contents 4 0 R>>');
  pdf.stream(4, '/Filter/FlateDecode', content);
  return pdf.finish();
}
