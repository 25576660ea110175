import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { sign, validate, type Signer } from '../src/index';
import { ecSigner, type TestPki } from './support/pki';
import { testPki } from './support/tools';

/** Two pages; the second shows only a part of its MediaBox (a CropBox away from 0,0). */
async function croppedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  const cropped = doc.addPage([700, 900]);
  cropped.setCropBox(40, 60, 595, 842);
  return doc.save({ useObjectStreams: false });
}

/**
 * Issue 38 §2: where each earlier signature stands, so the signing screens start a new box where
 * none is. The validator names a visible signature's widget rectangle on its page, in points
 * from the page's visible lower left corner, as the sign call placed it.
 */
describe('the place of a visible signature', () => {
  let pki: TestPki;
  let signer: Signer;
  beforeAll(() => {
    pki = testPki();
    signer = ecSigner(pki);
  });

  it('is the page and the rectangle the signature was placed at, a CropBox origin taken off', async () => {
    const first = await sign(await croppedPdf(), signer, {
      appearance: { page: 1, originX: 409, originY: 36, width: 150, height: 50 },
    });
    const second = await sign(first, signer, {
      appearance: { page: 2, originX: 100, originY: 120, width: 90, height: 30 },
    });
    const invisible = await sign(second, signer, {});
    const report = validate(invisible, { trustAnchors: [pki.caDer] });
    expect(report.signatures.map((s) => [s.page, s.rect])).toEqual([
      [1, { originX: 409, originY: 36, width: 150, height: 50 }],
      [2, { originX: 100, originY: 120, width: 90, height: 30 }],
      [undefined, undefined],
    ]);
  });
});
