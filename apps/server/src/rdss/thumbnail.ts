import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Width of a thumbnail in pixels; the height follows the page. */
export const thumbnailWidth = 240;

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const standardFontDataUrl = `${join(pdfjsRoot, 'standard_fonts')}/`;

interface CanvasAndContext {
  canvas: { toBuffer(type: 'image/png'): Buffer };
  context: unknown;
}

/**
 * A PNG of page 1, rendered with pdf.js on a Node canvas (docs/decisions/009-thumbnails.md).
 * Throws when pdf.js cannot render the file.
 */
export async function renderThumbnail(pdf: Uint8Array): Promise<Buffer> {
  // Loaded on the first thumbnail: pdf.js is large, and a server start should not wait for it.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js takes ownership of the buffer it is given; it gets a copy.
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: thumbnailWidth / unscaled.width });
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
    return canvas.toBuffer('image/png');
  } finally {
    await doc.destroy();
  }
}

let lock: Buffer | undefined;

/** The thumbnail of a file that needs a password to open: a padlock on a page. */
export async function lockThumbnail(): Promise<Buffer> {
  if (lock) return lock;
  const { createCanvas } = await import('@napi-rs/canvas');
  const width = thumbnailWidth;
  const height = Math.round(width * Math.SQRT2);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f5f5f5';
  ctx.fillRect(0, 0, width, height);
  const cx = width / 2;
  const cy = height / 2;
  ctx.strokeStyle = '#607d8b';
  ctx.lineWidth = 10;
  ctx.beginPath();
  ctx.arc(cx, cy - 10, 26, Math.PI, 0);
  ctx.stroke();
  ctx.fillStyle = '#607d8b';
  ctx.fillRect(cx - 40, cy - 10, 80, 62);
  ctx.fillStyle = '#f5f5f5';
  ctx.beginPath();
  ctx.arc(cx, cy + 16, 8, 0, 2 * Math.PI);
  ctx.fill();
  lock = canvas.toBuffer('image/png');
  return lock;
}
