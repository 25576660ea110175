import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isPdfError } from './errors';
import { inspectPdf } from '../validation/inspect';
import { InflateBudget, inflate, inflateBudgetFor, maxInflatedBytes } from './stream-filters';

/**
 * A PDF whose pages each lie in an object stream of their own that inflates to `streamBytes`
 * (white space before the page): every page read inflates one. The streams' contents are the
 * same (each header names every page), so one deflate serves them all.
 */
function bombPdf(pages: number, streamBytes: number): Buffer {
  const pageNums = Array.from({ length: pages }, (_, i) => 3 + i);
  const header = pageNums.map((num) => `${num} 0`).join(' ');
  const page = '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>';
  const padding = streamBytes - header.length - page.length;
  const content = Buffer.concat([
    Buffer.from(header, 'latin1'),
    Buffer.alloc(padding, 0x20),
    Buffer.from(page, 'latin1'),
  ]);
  const compressed = deflateSync(content);
  const first = header.length + padding;
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
  const offsets = new Map<number, number>();
  let length = chunks[0]!.length;
  const add = (num: number, ...parts: (string | Buffer)[]) => {
    offsets.set(num, length);
    for (const part of [`${num} 0 obj\n`, ...parts, '\nendobj\n']) {
      const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part;
      chunks.push(bytes);
      length += bytes.length;
    }
  };
  add(1, '<</Type/Catalog/Pages 2 0 R>>');
  add(2, `<</Type/Pages/Kids[${pageNums.map((n) => `${n} 0 R`).join(' ')}]/Count ${pages}>>`);
  const streamNums = pageNums.map((num) => num + pages);
  for (const num of streamNums) {
    const dict = `<</Type/ObjStm/N ${pages}/First ${first}/Filter/FlateDecode/Length ${compressed.length}>>`;
    add(num, `${dict}\nstream\n`, compressed, '\nendstream');
  }
  // The cross-reference stream (W 1 4 2): 1 and 2 plain, page n the n-th entry of its own stream.
  const size = 3 + 2 * pages + 1;
  const xrefNum = size - 1;
  const xrefAt = length;
  const rows = Buffer.alloc(size * 7);
  const row = (num: number, type: number, field2: number, field3: number) => {
    rows.writeUInt8(type, num * 7);
    rows.writeUInt32BE(field2, num * 7 + 1);
    rows.writeUInt16BE(field3, num * 7 + 5);
  };
  row(0, 0, 0, 0xffff);
  for (const [num, offset] of offsets) row(num, 1, offset, 0);
  pageNums.forEach((num, i) => row(num, 2, streamNums[i]!, i));
  row(xrefNum, 1, xrefAt, 0);
  const xrefDict = `<</Type/XRef/W[1 4 2]/Size ${size}/Root 1 0 R/Length ${rows.length}>>`;
  add(xrefNum, `${xrefDict}\nstream\n`, rows, '\nendstream');
  chunks.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

const MiB = 1024 * 1024;

function caught(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the inflate budget of a file', () => {
  it('counts every stream a file inflates, and refuses the one that passes it as too complex', () => {
    const data = deflateSync(Buffer.alloc(MiB));
    const budget = new InflateBudget(2.5 * MiB);
    expect(inflate(data, budget).length).toBe(MiB);
    expect(inflate(data, budget).length).toBe(MiB);
    expect(budget.remaining).toBe(0.5 * MiB);
    expect(
      isPdfError(
        caught(() => inflate(data, budget)),
        'TOO_COMPLEX',
      ),
    ).toBe(true);
    // Without a budget only the per-stream limit holds, and that is damage, not complexity.
    expect(maxInflatedBytes).toBeGreaterThan(MiB);
    expect(inflate(data).length).toBe(MiB);
  });

  it('opens a file whose streams fit its budget, and refuses one whose streams together pass it', () => {
    const pdf = bombPdf(3, 8 * MiB);
    expect(inspectPdf(pdf)).toEqual({ security: 'NONE', signed: false });
    // Each stream is within the per-stream limit; the file's budget binds.
    const error = caught(() => inspectPdf(pdf, { inflateBytes: 20 * MiB }));
    expect(isPdfError(error, 'TOO_COMPLEX')).toBe(true);
    expect(inspectPdf(pdf, { inflateBytes: 25 * MiB }).security).toBe('NONE');
  });

  it('by default allows a small multiple of the file size and a fixed allowance', () => {
    const pdf = bombPdf(4, 30 * MiB);
    expect(pdf.length).toBeLessThan(MiB);
    expect(inflateBudgetFor(pdf.length)).toBeLessThan(4 * 30 * MiB);
    expect(
      isPdfError(
        caught(() => inspectPdf(pdf)),
        'TOO_COMPLEX',
      ),
    ).toBe(true);
  });
});
