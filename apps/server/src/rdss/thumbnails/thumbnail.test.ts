import { createCanvas, loadImage } from '@napi-rs/canvas';
import { PDFDocument, PDFName, rgb } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { createThumbnailRenderer, thumbnailWidth, type ThumbnailRenderer } from './thumbnail';

/** An A4 page with a black square in its top left quarter. */
async function squarePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  page.drawRectangle({ x: 50, y: 500, width: 200, height: 200, color: rgb(0, 0, 0) });
  return pdf.save();
}

/** A page of 300,000 tiny squares: seconds of drawing for pdf.js, in a 660 KB file. */
async function slowPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const ops = Array.from({ length: 300_000 }, (_, i) => `${i % 500} ${i % 800} 1 1 re f`);
  page.node.set(
    PDFName.of('Contents'),
    pdf.context.register(pdf.context.flateStream(ops.join('\n'))),
  );
  return pdf.save();
}

/** The PNG's pixels: width, height and the luminance at a point given as fractions of the page. */
async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const at = (fx: number, fy: number) => {
    const [r = 0, g = 0, b = 0] = ctx.getImageData(
      Math.floor(fx * image.width),
      Math.floor(fy * image.height),
      1,
      1,
    ).data;
    return (r + g + b) / 3;
  };
  return { width: image.width, height: image.height, at };
}

describe('createThumbnailRenderer', () => {
  let thumbnails: ThumbnailRenderer;
  afterEach(() => thumbnails.close());

  it('renders page 1 as a PNG 240 px wide, the page drawn where it is', async () => {
    thumbnails = createThumbnailRenderer();
    const image = await pixels(await thumbnails.render(await squarePdf()));
    expect(image.width).toBe(thumbnailWidth);
    expect(image.height).toBe(Math.ceil((842 * thumbnailWidth) / 595));
    // The square spans x 50–250 and y 142–342 from the top; the bottom right is blank paper.
    expect(image.at(150 / 595, 242 / 842)).toBeLessThan(20);
    expect(image.at(0.8, 0.8)).toBeGreaterThan(235);
  });

  it("leaves the server's thread its own built-ins: pdf.js polyfills only its thread", async () => {
    const { push } = Array.prototype;
    const { parse } = JSON;
    thumbnails = createThumbnailRenderer();
    await thumbnails.render(await squarePdf());
    expect(Array.prototype.push).toBe(push);
    expect(JSON.parse).toBe(parse);
    expect('pdfjsLib' in globalThis).toBe(false);
  });

  it('refuses a file pdf.js cannot open and renders the next one', async () => {
    thumbnails = createThumbnailRenderer();
    await expect(
      thumbnails.render(new TextEncoder().encode('%PDF-1.7\nnot a pdf')),
    ).rejects.toThrow();
    const png = await thumbnails.render(await squarePdf());
    expect((await pixels(png)).width).toBe(thumbnailWidth);
  });

  it('renders several files handed over at once, each its own, and starts again after close', async () => {
    thumbnails = createThumbnailRenderer();
    const square = await squarePdf();
    const blank = await PDFDocument.create();
    blank.addPage([842, 595]);
    const [a, b] = await Promise.all([
      thumbnails.render(square),
      thumbnails.render(await blank.save()),
    ]);
    expect((await pixels(a)).height).toBeGreaterThan(thumbnailWidth);
    expect((await pixels(b)).height).toBeLessThan(thumbnailWidth);
    // The bytes given stay the caller's: the thread works on a copy.
    expect(square.byteLength).toBeGreaterThan(0);
    await thumbnails.close();
    expect((await pixels(await thumbnails.render(square))).width).toBe(thumbnailWidth);
  });

  it('stops a file that draws past the time limit and renders the files after it on a new thread', async () => {
    thumbnails = createThumbnailRenderer({ timeoutMs: 1000, heapMb: 256 });
    const [slow, square] = await Promise.allSettled([
      thumbnails.render(await slowPdf()),
      thumbnails.render(await squarePdf()),
    ]);
    expect(slow.status).toBe('rejected');
    expect(String((slow as PromiseRejectedResult).reason)).toMatch(/longer than 1000 ms/);
    expect(square.status).toBe('fulfilled');
    const png = (square as PromiseFulfilledResult<Buffer>).value;
    expect((await pixels(png)).at(150 / 595, 242 / 842)).toBeLessThan(20);
  });
});
