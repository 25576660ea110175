import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, inject, it } from 'vitest';
import { sign } from '../src/index';
import { makeSignaturePng } from './support/images';
import { rsaSigner } from './support/pki';
import { testPki } from './support/tools';

const corpus = inject('corpus');
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

interface CanvasAndContext {
  canvas: unknown;
  context: {
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}

describe('pdf.js', () => {
  it('renders the visible appearance (image, background, text) of an encrypted, signed PDF', async () => {
    const pki = testPki();
    const file = corpus.find((f) => f.name === 'aes-256');
    const signed = await sign(readFileSync(file?.path ?? ''), rsaSigner(pki, 'rsa2048'), {
      password: 'user-pw',
      appearance: {
        page: 2,
        originX: 0,
        originY: 0,
        width: 300,
        height: 120,
        image: makeSignaturePng(),
        textLines: ['Čedomir Šuštar', 'Signed with Signet'],
        backgroundColor: [1, 0.9, 0.2],
      },
    });
    const doc = await getDocument({
      data: new Uint8Array(signed),
      password: 'user-pw',
      standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
      verbosity: 0,
    }).promise;
    const page = await doc.getPage(2);
    const annotations = (await page.getAnnotations()) as {
      fieldType?: string;
      fieldName?: string;
    }[];
    expect(annotations.some((a) => a.fieldType === 'Sig')).toBe(true);
    const ops = await page.getOperatorList();
    const { OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    expect(ops.fnArray).toContain(OPS.paintImageXObject);
    expect(ops.fnArray).toContain(OPS.showText);

    const viewport = page.getViewport({ scale: 0.5 });
    const factory = (
      doc as unknown as { canvasFactory: { create(w: number, h: number): CanvasAndContext } }
    ).canvasFactory;
    const { canvas, context } = factory.create(
      Math.ceil(viewport.width),
      Math.ceil(viewport.height),
    );
    await page.render({ canvas, canvasContext: context, viewport } as unknown as Parameters<
      typeof page.render
    >[0]).promise;
    // Bottom-left corner of the page: the yellow background of the appearance.
    const [r, g, b] = context.getImageData(4, Math.ceil(viewport.height) - 4, 1, 1).data;
    expect(r).toBeGreaterThan(200);
    expect(g).toBeGreaterThan(180);
    expect(b).toBeLessThan(120);
    await doc.destroy();
  });
});
