/**
 * The measured process of bench/documents.ts: the whole app in this process (so its memory is
 * the server's), listening on a port for the parent's 50 MB uploads, then the same bytes written
 * to the database alone, and thumbnail renders. Talks to the parent by IPC.
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { insertDocument, postgresBlobStore } from '#rdss/documents/document-store';
import { fileBlobStore } from '#rdss/documents/file-blob-store';
import { createThumbnailRenderer } from '#rdss/thumbnails/thumbnail';
import { bootstrap, person, rsspTestEnv } from '#test/rssp-fixture';
import { createTestApp } from '#test/test-app';
import { manualPdf } from './manual-pdf';

export interface DocumentsResult {
  fileBytes: number;
  baselineMb: number;
  databaseWriteMs: number;
  storeWriteMs: number;
  thumbnailSmallMs: number;
  smallBytes: number;
  thumbnailLargeMs: number;
}

const mb = (kb: number) => kb / 1024;

/** VmRSS and VmHWM of this process in KB; writing 5 to clear_refs resets the high-water mark. */
function memory(): { rss: number; hwm: number } {
  const status = readFileSync('/proc/self/status', 'utf8');
  const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** A 50 MB PDF: a page showing one large image (random pixels, stored unfiltered). */
async function large(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const side = 4096;
  const pixels = new Uint8Array(side * side * 3);
  for (let i = 0; i < pixels.length; i += 65_536)
    pixels.set(
      crypto
        .getRandomValues(new Uint8Array(65_536))
        .subarray(0, Math.min(65_536, pixels.length - i)),
      i,
    );
  const image = pdf.context.register(
    pdf.context.stream(pixels, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  );
  const page = pdf.addPage([595, 842]);
  page.node.setXObject(pdf.context.obj('Im1') as never, image);
  const content = pdf.context.register(pdf.context.stream('q 595 0 0 842 0 0 cm /Im1 Do Q'));
  page.node.set(pdf.context.obj('Contents') as never, content);
  return pdf.save({ useObjectStreams: false });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * What the bench's parent sends: where to measure, when to read the upload's peak, when to take
 * the baseline before the downloads and read their peak, and when to finish.
 */
export type ChildCommand =
  { databaseUrl: string | undefined } | 'peak' | 'download-baseline' | 'download-peak' | 'finish';

/** What this process answers: where to upload, the peak after the first upload, the result. */
export type ChildAnswer =
  | { url: string; floorUrl: string; headers: Record<string, string>; filePath: string }
  | { peakMb: number }
  | { baselineMb: number }
  | DocumentsResult;

/**
 * The floor of an upload (and, on GET, of a download) on this machine: a bare Node HTTP server that does only what no upload
 * can leave out, and answers 201 once it is done. On `/receive` it only takes the body in; on
 * `/hash` it also hashes it as it arrives (SHA-256, which §1 stores); on any other path it also
 * writes it to a new file in `folder` as it arrives. No parsing, no database, no PDF check.
 */
function floorServer(folder: string, sent: Uint8Array): Promise<{ server: Server; url: string }> {
  let count = 0;
  const server = createServer((req, res) => {
    // The floor of a download: the same bytes sent from memory in pieces of 1 MiB, as they come.
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-length': String(sent.length) });
      let at = 0;
      const more = () => {
        while (at < sent.length) {
          const piece = sent.subarray(at, at + 1024 * 1024);
          at += piece.length;
          if (!res.write(piece)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
      return;
    }
    const hash = req.url === '/receive' ? null : createHash('sha256');
    const file =
      req.url === '/receive' || req.url === '/hash'
        ? null
        : createWriteStream(join(folder, `floor-${count++}.part`), { mode: 0o600 });
    req.on('data', (chunk: Buffer) => {
      hash?.update(chunk);
      file?.write(chunk);
    });
    req.once('end', () => {
      const answer = () => res.writeHead(201).end(hash?.digest('hex'));
      if (file) file.end(answer);
      else answer();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    }),
  );
}

const next = () =>
  new Promise<ChildCommand>((resolve) => process.once('message', (m: ChildCommand) => resolve(m)));
const answer = (message: ChildAnswer) =>
  new Promise<void>((resolve) => process.send?.(message, () => resolve()));

const { databaseUrl } = (await next()) as { databaseUrl: string | undefined };
// The embedded default as installed: PGlite with its files (and the documents beside them).
const dataDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'signet-bench-'));
const t = await createTestApp({
  env: { ...rsspTestEnv, MAX_UPLOAD_DOCUMENT_BYTES: String(64 * 1024 * 1024) },
  databaseUrl,
  dataDir,
});
await bootstrap(t);
const ann = await person(t, 'ann@bench.test');
const url = await t.app.listen({ host: '127.0.0.1', port: 0 });
const bytes = await large();
const scratch = mkdtempSync(join(tmpdir(), 'signet-bench-upload-'));
const filePath = join(scratch, 'large.pdf');
writeFileSync(filePath, bytes);
const floor = await floorServer(scratch, bytes);
// A server that has answered before: one small upload first (its code paths compiled).
const warmUp = await t.app.inject({
  method: 'POST',
  url: '/rdss/v1/documents?fileName=small.pdf',
  headers: { ...ann.headers, 'content-type': 'application/pdf' },
  payload: Buffer.from(await manualPdf()),
});
if (warmUp.statusCode !== 201) throw new Error(`warm-up upload: ${warmUp.statusCode}`);
global.gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));
const baseline = memory().rss;
writeFileSync('/proc/self/clear_refs', '5');
// The uploads come from the parent process over HTTP, as a browser's would.
await answer({ url, floorUrl: floor.url, headers: ann.headers, filePath });
await next(); // 'peak': after the first upload
await answer({ peakMb: mb(memory().hwm) });
// The downloads, twice (the server's first download ever, then three on a server that has sent
// one): the baseline after a collection, then the peak over the parent's downloads.
for (let i = 0; i < 2; i++) {
  await next(); // 'download-baseline'
  global.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const downloadBaseline = memory().rss;
  writeFileSync('/proc/self/clear_refs', '5');
  await answer({ baselineMb: mb(downloadBaseline) });
  await next(); // 'download-peak'
  await answer({ peakMb: mb(memory().hwm) });
}
await next(); // 'finish': the parent has timed its uploads and downloads

// The same bytes where the documents live, alone: a bytea row on a server, a new file beside
// the embedded database (each time a new one, as each upload's is).
const writeTimes: number[] = [];
if (!dataDir) {
  await t.context.database.db.execute(sql`create table bench_blobs (bytes bytea not null)`);
}
for (let i = 0; i < 3; i++) {
  const writeStarted = performance.now();
  if (dataDir) {
    await writeFile(join(dataDir, 'documents', `bench-${i}.part`), bytes, { mode: 0o600 });
  } else {
    await t.context.database.db.execute(sql`insert into bench_blobs (bytes) values (${bytes})`);
  }
  writeTimes.push(performance.now() - writeStarted);
}

// The same bytes as an upload's transaction stores them, without the HTTP receipt, the hash and
// the check: the document's row and its bytes through the server's store (files beside the
// embedded database, pieces in a server's).
const blobs = dataDir ? fileBlobStore(join(dataDir, 'documents')) : postgresBlobStore;
const storeTimes: number[] = [];
for (let i = 0; i < 3; i++) {
  const id = randomUUID();
  const storeStarted = performance.now();
  await t.context.database.db.transaction(async (tx) => {
    await insertDocument(tx, {
      id,
      ownerId: ann.id,
      fileName: 'stored-alone.pdf',
      fileSize: bytes.length,
      sha256: 'not hashed',
      security: 'NONE',
      createdAt: new Date(),
      batchId: null,
      signed: false,
    });
    await blobs.put(tx, id, bytes);
  });
  storeTimes.push(performance.now() - storeStarted);
}

const small = await manualPdf();
// The server's renderer: its thread, the copy of the bytes it is handed and the PNG's way back.
const thumbnails = createThumbnailRenderer();
const renders = async (pdf: Uint8Array, times: number) => {
  await thumbnails.render(pdf); // warm-up: starts the thread, loads pdf.js and the canvas
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await thumbnails.render(pdf);
    ms.push(performance.now() - t0);
  }
  return median(ms);
};
const result: DocumentsResult = {
  fileBytes: bytes.length,
  baselineMb: mb(baseline),
  databaseWriteMs: median(writeTimes),
  storeWriteMs: median(storeTimes),
  thumbnailSmallMs: await renders(small, 7),
  smallBytes: small.length,
  thumbnailLargeMs: await renders(bytes, 3),
};
await thumbnails.close();
floor.server.close();
await t.close();
rmSync(scratch, { recursive: true, force: true });
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
await answer(result);
process.exit(0);
