import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SKRSContext2D } from '@napi-rs/canvas';

/** Width of a thumbnail in pixels; the height follows the page. */
export const thumbnailWidth = 240;

/** Renders page 1 of PDFs as PNGs on a thread of its own (docs/decisions/009-thumbnails.md). */
export interface ThumbnailRenderer {
  /** The PNG; rejects when pdf.js cannot render the file, or not within the time limit. */
  render(pdf: Uint8Array): Promise<Buffer>;
  close(): Promise<void>;
}

export interface ThumbnailLimits {
  /** How long one file may render before its thread is stopped (a PDF made to never finish). */
  timeoutMs: number;
  /** The thread's heap: a file that needs more stops its thread, not the server. */
  heapMb: number;
}

/** A 48 MB file renders in under a second and 64 MB of heap (bench/documents.ts). */
const defaultLimits: ThumbnailLimits = { timeoutMs: 20_000, heapMb: 512 };

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

// CommonJS evaluated as the thread's whole source, as shared-sha256.ts does: the server is one
// bundled file (decision 008). pdf.js's Node build installs core-js polyfills over built-ins
// (Array.prototype.push, JSON.parse among them); on this thread they slow only pdf.js. The
// thread says when pdf.js has loaded, so a file's time limit counts its render alone.
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');

async function render(pdfjs, data) {
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

import(workerData.pdfjsUrl).then((pdfjs) => {
  parentPort.on('message', async ({ id, pdf }) => {
    try {
      parentPort.postMessage({ id, png: await render(pdfjs, pdf) });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
  parentPort.postMessage({ ready: true });
});`;

interface Job {
  id: number;
  pdf: Uint8Array<ArrayBuffer>;
  resolve: (png: Buffer) => void;
  reject: (error: unknown) => void;
}

interface Answer {
  ready?: true;
  id?: number;
  png?: Uint8Array;
  error?: string;
}

/**
 * Files render one after another: rendering is CPU-bound, and two 50 MB files at once would only
 * double the memory. The thread starts with the first thumbnail (pdf.js is large; a server start
 * need not wait for it) and holds the process open only while there is work. A file that passes
 * the time limit or the heap stops the thread and is refused; the next file starts a new one.
 */
export function createThumbnailRenderer(
  limits: ThumbnailLimits = defaultLimits,
): ThumbnailRenderer {
  const queue: Job[] = [];
  let worker: Worker | undefined;
  let ready = false;
  let current: { job: Job; timer: NodeJS.Timeout } | undefined;
  let nextId = 1;

  const stop = (w: Worker, error: unknown) => {
    if (worker !== w) return;
    worker = undefined;
    void w.terminate();
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(error);
      current = undefined;
    }
    // A thread that died before pdf.js loaded would die again: the waiting files are refused.
    if (!ready) for (const job of queue.splice(0)) job.reject(error);
    ready = false;
    pump();
  };
  const started = () => {
    const w = new Worker(workerSource, {
      eval: true,
      workerData: {
        pdfjsUrl: pathToFileURL(join(pdfjsRoot, 'legacy/build/pdf.mjs')).href,
        standardFontDataUrl: `${join(pdfjsRoot, 'standard_fonts')}/`,
        width: thumbnailWidth,
      },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    w.on('message', (answer: Answer) => {
      // A stopped thread's last words are not this thread's.
      if (worker !== w) return;
      if (answer.ready) ready = true;
      else if (current && answer.id === current.job.id) {
        const { job, timer } = current;
        clearTimeout(timer);
        current = undefined;
        const { png } = answer;
        if (png) job.resolve(Buffer.from(png.buffer, png.byteOffset, png.byteLength));
        else job.reject(new Error(answer.error));
      }
      pump();
    });
    w.on('error', (error) => stop(w, error));
    w.on('exit', () => stop(w, new Error('the thumbnail thread stopped')));
    return w;
  };
  function pump() {
    if (current || queue.length === 0) {
      // An idle thread does not keep the process alive.
      if (!current) worker?.unref();
      return;
    }
    worker ??= started();
    worker.ref();
    if (!ready) return;
    const job = queue.shift()!;
    const w = worker;
    const { pdf } = job;
    const timer = setTimeout(
      () => stop(w, new Error(`the thumbnail took longer than ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    current = { job, timer };
    w.postMessage({ id: job.id, pdf }, [pdf.buffer]);
  }

  return {
    render(pdf) {
      // pdf.js takes ownership of the bytes it is given: the thread gets a copy of its own.
      const copy = new Uint8Array(pdf);
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ id: nextId++, pdf: copy, resolve, reject });
        pump();
      });
    },
    async close() {
      const w = worker;
      worker = undefined;
      ready = false;
      for (const job of queue.splice(0)) job.reject(new Error('the thumbnail renderer closed'));
      if (current) {
        clearTimeout(current.timer);
        current.job.reject(new Error('the thumbnail renderer closed'));
        current = undefined;
      }
      await w?.terminate();
    },
  };
}

/** A blank page of a thumbnail's size with a grey picture that `draw` puts at its centre. */
async function pictureOnPage(
  draw: (ctx: SKRSContext2D, cx: number, cy: number) => void,
): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const width = thumbnailWidth;
  const height = Math.round(width * Math.SQRT2);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f5f5f5';
  ctx.fillRect(0, 0, width, height);
  draw(ctx, width / 2, height / 2);
  return canvas.toBuffer('image/png');
}

let lock: Buffer | undefined;

/** The thumbnail of a file that needs a password to open: a padlock on a page. */
export async function lockThumbnail(): Promise<Buffer> {
  lock ??= await pictureOnPage((ctx, cx, cy) => {
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
  });
  return lock;
}

let placeholder: Buffer | undefined;

/**
 * The thumbnail of a document whose page 1 did not render (thumbnail-queue.ts): a blank page
 * with a crossed-out picture, answered at once from then on.
 */
export async function placeholderThumbnail(): Promise<Buffer> {
  placeholder ??= await pictureOnPage((ctx, cx, cy) => {
    ctx.strokeStyle = '#9e9e9e';
    ctx.lineWidth = 6;
    ctx.strokeRect(cx - 40, cy - 30, 80, 60);
    ctx.beginPath();
    ctx.moveTo(cx - 40, cy + 30);
    ctx.lineTo(cx + 40, cy - 30);
    ctx.stroke();
  });
  return placeholder;
}
