import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** Width of a thumbnail in pixels; the height follows the page. */
export const thumbnailWidth = 240;

/** Renders page 1 of PDFs as PNGs on a thread of its own (docs/decisions/009-thumbnails.md). */
export interface ThumbnailRenderer {
  /** The PNG; rejects when pdf.js cannot render the file. */
  render(pdf: Uint8Array): Promise<Buffer>;
  close(): Promise<void>;
}

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

// CommonJS evaluated as the thread's whole source, as shared-sha256.ts does: the server is one
// bundled file (decision 008). pdf.js's Node build installs core-js polyfills over built-ins
// (Array.prototype.push, JSON.parse among them); on this thread they slow only pdf.js. One file
// at a time: rendering is CPU-bound, and two 50 MB files at once would only double the memory.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
let pdfjs;
let queue = Promise.resolve();

async function render(data) {
  pdfjs ??= await import(workerData.pdfjsUrl);
  const doc = await pdfjs.getDocument({
    data,
    standardFontDataUrl: workerData.standardFontDataUrl,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const page = await doc.getPage(1);
    const unscaled = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: workerData.width / unscaled.width });
    const { canvas, context } = doc.canvasFactory.create(
      Math.ceil(viewport.width),
      Math.ceil(viewport.height),
    );
    await page.render({ canvas, canvasContext: context, viewport }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await doc.destroy();
  }
}

parentPort.on('message', ({ id, pdf }) => {
  queue = queue.then(async () => {
    try {
      parentPort.postMessage({ id, png: await render(pdf) });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});`;

interface Pending {
  resolve: (png: Buffer) => void;
  reject: (error: unknown) => void;
}

interface Answer {
  id: number;
  png?: Uint8Array;
  error?: string;
}

/**
 * The thread starts with the first thumbnail (pdf.js is large; a server start need not wait for
 * it) and holds the process open only while a render is pending. A thread that dies fails its
 * pending renders; the next render starts a new one.
 */
export function createThumbnailRenderer(): ThumbnailRenderer {
  let worker: Worker | undefined;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const failAll = (from: Worker, error: unknown) => {
    if (worker !== from) return;
    worker = undefined;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  const started = () => {
    if (worker) return worker;
    const w = new Worker(workerSource, {
      eval: true,
      workerData: {
        pdfjsUrl: pathToFileURL(join(pdfjsRoot, 'legacy/build/pdf.mjs')).href,
        standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
        width: thumbnailWidth,
      },
    });
    w.on('message', ({ id, png, error }: Answer) => {
      const job = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) w.unref();
      if (!job) return;
      if (png) job.resolve(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
      else job.reject(new Error(error));
    });
    w.on('error', (error) => failAll(w, error));
    w.on('exit', () => failAll(w, new Error('the thumbnail thread stopped')));
    worker = w;
    return w;
  };

  return {
    render(pdf) {
      const w = started();
      w.ref();
      const id = nextId++;
      const png = new Promise<Buffer>((resolve, reject) => pending.set(id, { resolve, reject }));
      // pdf.js takes ownership of the bytes it is given: the thread gets a copy of its own.
      const copy = new Uint8Array(pdf);
      w.postMessage({ id, pdf: copy }, [copy.buffer]);
      return png;
    },
    async close() {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
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
