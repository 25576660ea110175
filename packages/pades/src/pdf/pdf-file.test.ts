import { describe, expect, it } from 'vitest';
import type { PdfString } from './pdf-objects';
import { PdfRef } from './pdf-objects';
import { PdfFile } from './pdf-file';

/** A classic PDF of `objects`, then updates; each revision gets its own table and trailer. */
function buildPdf(revisions: { objects: Record<number, string>; trailer: string }[]): Buffer {
  let text = '%PDF-1.7\n';
  let previous: number | undefined;
  for (const revision of revisions) {
    const offsets: [number, number][] = [];
    for (const [num, body] of Object.entries(revision.objects)) {
      offsets.push([Number(num), Buffer.byteLength(text, 'latin1')]);
      text += `${num} 0 obj\n${body}\nendobj\n`;
    }
    const xrefAt = Buffer.byteLength(text, 'latin1');
    text += 'xref\n';
    for (const [num, offset] of offsets)
      text += `${num} 1\n${String(offset).padStart(10, '0')} 00000 n \n`;
    const prev = previous === undefined ? '' : `/Prev ${previous}`;
    text += `trailer\n<<${revision.trailer}${prev}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
    previous = xrefAt;
  }
  return Buffer.from(text, 'latin1');
}

const ORIGINAL = {
  objects: {
    1: '<</Type/Catalog/Pages 2 0 R>>',
    2: '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    3: '<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>',
    4: '<</Title(Original)>>',
  },
  trailer: '/Size 5/Root 1 0 R/Info 4 0 R/ID[<0102><0304>]',
};

describe('PdfFile', () => {
  it('reads objects of every revision, the newest version of each', () => {
    const pdf = buildPdf([
      ORIGINAL,
      { objects: { 3: '<</Type/Page/Parent 2 0 R/Rotate 90>>' }, trailer: '/Size 5/Root 1 0 R' },
    ]);
    const file = new PdfFile(pdf);
    expect(file.sections).toHaveLength(2);
    expect(file.resolveDict(new PdfRef(3, 0))?.numberOf('Rotate')).toBe(90);
    expect(file.resolveDict(new PdfRef(3, 0), 1)?.numberOf('Rotate')).toBeUndefined();
    expect(file.resolveDict(new PdfRef(2, 0))?.numberOf('Count')).toBe(1);
  });

  it('completes a newest trailer that dropped /Root and /Info from the older ones', () => {
    const pdf = buildPdf([ORIGINAL, { objects: { 5: '<</A 1>>' }, trailer: '/Size 6' }]);
    const file = new PdfFile(pdf);
    expect(file.trailer.get('Root')).toEqual(new PdfRef(1, 0));
    expect(file.trailer.get('Info')).toEqual(new PdfRef(4, 0));
    expect(file.size).toBe(6);
    // The /ID is optional in a file that is not encrypted and is not looked for further back…
    expect(file.trailer.get('ID')).toBeUndefined();
    // …but every older trailer can still be read whole.
    const [first] = file.sections[1]?.trailer.get('ID') as PdfString[];
    expect(Buffer.from(first?.bytes ?? []).toString('hex')).toBe('0102');
  });
});
