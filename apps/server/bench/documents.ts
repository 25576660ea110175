/**
 * Document benchmark (issue 12 §4): a 50 MB upload over HTTP from this process into the server in
 * another: the server's memory (peak over its idle baseline, target ≤ 2× the file) and the time
 * (target ≤ 2× writing the same bytes to the database alone; the median of 3 of each, on a server
 * that has answered a small upload before), against two baselines: the bare write (a `writeFile`
 * beside the embedded database, one `bytea` insert on a server) and the store's own write (the
 * document's row and its bytes in one transaction, as an upload stores them), beside the floor of
 * any upload on this machine (the same bytes into a bare Node server that only receives them, one
 * that also hashes them, and one that also writes them); and the thumbnail of the 300 KB TeX
 * manual (manual-pdf.ts; ≤ 150 ms) and of the 50 MB file (≤ 1 s), rendered as the server does, on
 * its thumbnail thread. Each database runs in a fresh process. A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:documents -w apps/server
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:documents -w apps/server
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createTestDatabase } from '#test/test-database';
import type { ChildAnswer, ChildCommand, DocumentsResult } from './documents-child';
import { manualName } from './manual-pdf';

interface Measured extends DocumentsResult {
  peakMb: number;
  uploadMs: number;
  /** Downloads of the uploaded file over HTTP: time (median of 3), memory over a baseline. */
  downloadMs: number;
  /** The same bytes from a bare Node server's memory (documents-child.ts): the machine's floor. */
  floorDownloadMs: number;
  downloadBaselineMb: number;
  downloadPeakMb: number;
  /** The server's first download ever (of another document), over the baseline before it. */
  firstBaselineMb: number;
  firstPeakMb: number;
  /** The bare floor server (documents-child.ts): receiving only, hashing, hashing and writing. */
  floorReceiveMs: number;
  floorHashMs: number;
  floorStoreMs: number;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The ids the uploads to the server answered, in order (the files the downloads read). */
const uploadedIds: string[] = [];

/** One download over HTTP, timed from the request to the last byte (read and dropped). */
function download(
  url: URL,
  headers: Record<string, string>,
): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.once('end', () =>
        res.statusCode === 200
          ? resolve({ ms: performance.now() - started, bytes })
          : reject(new Error(`download: ${res.statusCode}`)),
      );
    });
    req.once('error', reject);
    req.end();
  });
}

/** One upload over HTTP, timed from the first byte sent to the whole answer. */
function upload(url: URL, headers: Record<string, string>, body: Buffer): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/pdf',
          'content-length': String(body.length),
        },
      },
      (res) => {
        let answer = '';
        res.on('data', (chunk: Buffer) => {
          answer += chunk.toString();
        });
        res.once('end', () => {
          if (res.headers['content-type']?.startsWith('application/json')) {
            uploadedIds.push((JSON.parse(answer) as { id: string }).id);
          }
        });
        res.once('end', () =>
          res.statusCode === 201
            ? resolve(performance.now() - started)
            : reject(new Error(`upload: ${res.statusCode}`)),
        );
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

/** Sends a command to the measured process and waits for its answer. */
function ask<T extends ChildAnswer>(child: ChildProcess, command: ChildCommand): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (message: T) => resolve(message));
    child.send(command);
  });
}

/**
 * The server in a process of its own (its memory is the server's alone), three 50 MB uploads
 * into it from this one over HTTP, then its own measures.
 */
async function measure(databaseUrl: string | undefined): Promise<Measured> {
  const child = fork(new URL('./documents-child.ts', import.meta.url), {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, NODE_ENV: 'test' },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`bench child exited with ${code}`))),
  );
  const run = async () => {
    const target = await ask<{
      url: string;
      floorUrl: string;
      headers: Record<string, string>;
      filePath: string;
    }>(child, { databaseUrl });
    const body = readFileSync(target.filePath);
    uploadedIds.length = 0; // this server's only
    const documents = new URL('/rdss/v1/documents?fileName=large.pdf', target.url);
    const times = [await upload(documents, target.headers, body)];
    const { peakMb } = await ask<{ peakMb: number }>(child, 'peak');
    // The floor's uploads interleaved with the server's, so both meet the same moments of load.
    const received: number[] = [];
    const hashed: number[] = [];
    const stored: number[] = [];
    for (let i = 0; i < 3; i++) {
      if (i > 0) times.push(await upload(documents, target.headers, body));
      received.push(await upload(new URL('/receive', target.floorUrl), {}, body));
      hashed.push(await upload(new URL('/hash', target.floorUrl), {}, body));
      stored.push(await upload(new URL('/store', target.floorUrl), {}, body));
    }
    // The server's first download ever, of the file stored first: its memory over a baseline
    // taken after a collection. It makes the buffers the server keeps for the next downloads
    // (decision 047).
    const fileOf = (id: string | undefined) => new URL(`/rdss/v1/documents/${id}/file`, target.url);
    const { baselineMb: firstBaselineMb } = await ask<{ baselineMb: number }>(
      child,
      'download-baseline',
    );
    const first = await download(fileOf(uploadedIds[0]), target.headers);
    if (first.bytes !== body.length) throw new Error(`download: ${first.bytes} bytes`);
    const { peakMb: firstPeakMb } = await ask<{ peakMb: number }>(child, 'download-peak');
    // Three downloads of the file the server stored last, its memory over a baseline taken after
    // a collection.
    const file = fileOf(uploadedIds.at(-1));
    const { baselineMb: downloadBaselineMb } = await ask<{ baselineMb: number }>(
      child,
      'download-baseline',
    );
    const downloads: number[] = [];
    const floorDownloads: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { ms, bytes } = await download(file, target.headers);
      if (bytes !== body.length) throw new Error(`download: ${bytes} bytes, not ${body.length}`);
      downloads.push(ms);
      floorDownloads.push((await download(new URL('/send', target.floorUrl), {})).ms);
    }
    const { peakMb: downloadPeakMb } = await ask<{ peakMb: number }>(child, 'download-peak');
    const result = await ask<DocumentsResult>(child, 'finish');
    return {
      ...result,
      downloadMs: median(downloads),
      floorDownloadMs: median(floorDownloads),
      downloadBaselineMb,
      downloadPeakMb,
      firstBaselineMb,
      firstPeakMb,
      peakMb,
      uploadMs: median(times),
      floorReceiveMs: median(received),
      floorHashMs: median(hashed),
      floorStoreMs: median(stored),
    };
  };
  return Promise.race([run(), exited]);
}

const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');
/** The embedded database keeps the bytes as files beside it (decision 011). */
const keepsFiles = (label: string) => label.startsWith('PGlite');
const rows: string[] = [];
const runs: [string, string | undefined][] = [['PGlite (files)', undefined]];
const admin = process.env.BENCH_DATABASE_URL;
const database = admin ? await createTestDatabase(admin) : null;
if (database) runs.push(['PostgreSQL', database.url]);
try {
  for (const [label, url] of runs) {
    const r = await measure(url);
    const fileMb = r.fileBytes / 1_048_576;
    const grown = r.peakMb - r.baselineMb;
    rows.push(
      `| ${label} | upload ${fileMb.toFixed(1)} MB: peak memory over baseline | ${grown.toFixed(1)} MB (baseline ${r.baselineMb.toFixed(0)}, peak ${r.peakMb.toFixed(0)}) | ≤ ${(2 * fileMb).toFixed(1)} MB | ${verdict(grown <= 2 * fileMb)} |`,
      `| ${label} | upload time vs the same bytes stored alone: ${keepsFiles(label) ? 'a bare writeFile' : 'one bytea insert'} (medians of 3, after a small upload) | ${r.uploadMs.toFixed(0)} ms vs ${r.databaseWriteMs.toFixed(0)} ms (${(r.uploadMs / r.databaseWriteMs).toFixed(2)}×) | ≤ 2× | ${verdict(r.uploadMs <= 2 * r.databaseWriteMs)} |`,
      `| ${label} | upload time vs the same bytes stored alone: the store's own write, row and bytes in one transaction (medians of 3) | ${r.uploadMs.toFixed(0)} ms vs ${r.storeWriteMs.toFixed(0)} ms (${(r.uploadMs / r.storeWriteMs).toFixed(2)}×) | ≤ 2× | ${verdict(r.uploadMs <= 2 * r.storeWriteMs)} |`,
      `| ${label} | reference, the floor: the same bytes over HTTP into a bare Node server that only receives them / also hashes them (SHA-256) / also writes them to a file (medians of 3) | ${r.floorReceiveMs.toFixed(0)} / ${r.floorHashMs.toFixed(0)} / ${r.floorStoreMs.toFixed(0)} ms (the second is ${(r.floorHashMs / r.storeWriteMs).toFixed(2)}× the store's own write; the upload is ${(r.uploadMs / r.floorStoreMs).toFixed(2)}× the third) | — | |`,
      `| ${label} | download ${fileMb.toFixed(1)} MB over HTTP (loopback, median of 3) | ${r.downloadMs.toFixed(0)} ms, ${(r.fileBytes / 1e6 / (r.downloadMs / 1000)).toFixed(0)} MB/s | ≥ 300 MB/s | ${verdict(r.fileBytes / 1e6 / (r.downloadMs / 1000) >= 300)} |`,
      `| ${label} | reference, the floor: the same bytes from a bare Node server's memory, in pieces of 1 MiB (median of 3) | ${r.floorDownloadMs.toFixed(0)} ms, ${(r.fileBytes / 1e6 / (r.floorDownloadMs / 1000)).toFixed(0)} MB/s | — | |`,
      `| ${label} | download: peak memory over baseline, the server's first download ever (it makes the two buffers the server keeps) | ${(r.firstPeakMb - r.firstBaselineMb).toFixed(1)} MB (baseline ${r.firstBaselineMb.toFixed(0)}, peak ${r.firstPeakMb.toFixed(0)}) | < 2 MB (2 pieces of 1 MiB) | ${verdict(r.firstPeakMb - r.firstBaselineMb < 2 * 1.048576)} |`,
      `| ${label} | download: peak memory over baseline (3 downloads, after a download of another document) | ${(r.downloadPeakMb - r.downloadBaselineMb).toFixed(1)} MB (baseline ${r.downloadBaselineMb.toFixed(0)}, peak ${r.downloadPeakMb.toFixed(0)}) | < 2 MB (2 pieces of 1 MiB) | ${verdict(r.downloadPeakMb - r.downloadBaselineMb < 2 * 1.048576)} |`,
      `| ${label} | thumbnail, ${(r.smallBytes / 1024).toFixed(0)} KB ${manualName} (median of 7) | ${r.thumbnailSmallMs.toFixed(0)} ms | ≤ 150 ms | ${verdict(r.thumbnailSmallMs <= 150)} |`,
      `| ${label} | thumbnail, ${fileMb.toFixed(1)} MB file (median of 3) | ${r.thumbnailLargeMs.toFixed(0)} ms | ≤ 1000 ms | ${verdict(r.thumbnailLargeMs <= 1000)} |`,
    );
  }
} finally {
  await database?.drop();
}
console.log(
  ['| database | measure | value | target | |', '|---|---|---|---|---|', ...rows].join('\n'),
);
