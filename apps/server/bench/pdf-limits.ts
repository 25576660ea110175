/**
 * Issue 25 §3 and §4 (decision 022): the real server in another process, with its default limits.
 *
 * - Ping under a bomb: while the 2 MB deflate bomb (16 object streams of 120 MiB each) is uploaded
 *   over HTTP, another connection pings `GET /api/v1/server/ping` one request after another: the
 *   slowest and the 99th percentile answer (target ≤ 100 ms), and the server's memory peak over
 *   its idle baseline (target ≤ 512 MB); beside them the same pings at rest and the server's
 *   longest event-loop stall in each, which tell the machine's own noise from the bomb's.
 * - Thumbnail wait under a flood: one user keeps asking for the thumbnails of pages of three
 *   million squares (each renders until its time limit), three at a time; meanwhile another
 *   uploads ordinary documents one after another and asks for each thumbnail: the slowest and
 *   the median wait (target ≤ 2 s).
 *
 * A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:pdf-limits -w apps/server
 */
import { fork } from 'node:child_process';
import { PDFDocument, rgb } from 'pdf-lib';
import { inflateBombPdf, rectanglesPdf } from '#test/heavy-pdfs';
import type { PdfLimitsAnswer, PdfLimitsCommand } from './pdf-limits-child';

const child = fork(new URL('./pdf-limits-child.ts', import.meta.url), {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: { ...process.env, NODE_ENV: 'test' },
});
const next = <T extends PdfLimitsAnswer>() =>
  new Promise<T>((resolve) => child.once('message', (m: T) => resolve(m)));
const ask = <T extends PdfLimitsAnswer>(command: PdfLimitsCommand) => {
  const answer = next<T>();
  child.send(command);
  return answer;
};

const { url, ann, bob } = await next<{
  url: string;
  ann: Record<string, string>;
  bob: Record<string, string>;
}>();

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ??
  Number.NaN;

const upload = async (headers: Record<string, string>, bytes: Uint8Array, name = 'page.pdf') => {
  const res = await fetch(`${url}/rdss/v1/documents?fileName=${name}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/pdf' },
    body: bytes,
  });
  return { status: res.status, body: (await res.json()) as { id?: string; message?: string } };
};
const thumbnail = async (headers: Record<string, string>, id: string) => {
  const res = await fetch(`${url}/rdss/v1/documents/${id}/thumbnail`, { headers });
  await res.arrayBuffer();
  return res.status;
};

// --- Ping under a bomb, and for comparison at rest for as long (the machine's own noise).
const bomb = inflateBombPdf(16, 120 * 1024 * 1024);
const pingUntil = async (done: () => boolean) => {
  const times: number[] = [];
  while (!done()) {
    const start = performance.now();
    const res = await fetch(`${url}/api/v1/server/ping`);
    await res.arrayBuffer();
    times.push(performance.now() - start);
  }
  return times;
};
// This process's own garbage (the bomb's 120 MiB of padding) collected before anything is timed.
global.gc?.();
const restUntil = performance.now() + 1500;
const restPings = await pingUntil(() => performance.now() > restUntil);
const rest = await ask<{ peakGrowthMb: number; longestStallMs: number }>('peak');
let uploading = true;
const pinging = pingUntil(() => !uploading);
const bombStart = performance.now();
const refused = await upload(ann, bomb, 'bomb.pdf');
const bombMs = performance.now() - bombStart;
uploading = false;
const pings = await pinging;
const { peakGrowthMb, longestStallMs } = await ask<{
  peakGrowthMb: number;
  longestStallMs: number;
}>('peak');

// --- Thumbnail wait under a flood.
const heavy = rectanglesPdf(3_000_000);
const floodIds: string[] = [];
for (let i = 0; i < 12; i++) floodIds.push((await upload(ann, heavy)).body.id!);
let flooding = true;
let floodRequests = 0;
const flooder = async (offset: number) => {
  for (let i = offset; flooding; i = (i + 3) % floodIds.length) {
    floodRequests++;
    await thumbnail(ann, floodIds[i]!);
  }
};
const flooders = [0, 1, 2].map((offset) => flooder(offset));
// The flood is under way: the heavy pages' renders have begun.
while (floodRequests < 3) await new Promise((resolve) => setImmediate(resolve));
const square = await PDFDocument.create();
square
  .addPage([595, 842])
  .drawRectangle({ x: 50, y: 500, width: 200, height: 200, color: rgb(0, 0, 0) });
const squareBytes = await square.save();
const waits: number[] = [];
for (let i = 0; i < 8; i++) {
  const { id } = (await upload(bob, squareBytes)).body;
  const start = performance.now();
  const status = await thumbnail(bob, id!);
  waits.push(performance.now() - start);
  if (status !== 200) throw new Error(`thumbnail: ${status}`);
}
flooding = false;
child.send('finish' satisfies PdfLimitsCommand);
void Promise.allSettled(flooders);

const ms = (value: number) => `${Math.round(value)} ms`;
const rows = [
  `| ping under a bomb upload | slowest of ${pings.length} | ${ms(Math.max(...pings))} | ≤ 100 ms |`,
  `| ping under a bomb upload | 99th percentile | ${ms(percentile(pings, 0.99))} | ≤ 100 ms |`,
  `| ping at rest (for comparison) | slowest of ${restPings.length} | ${ms(Math.max(...restPings))} | |`,
  `| ping at rest (for comparison) | 99th percentile | ${ms(percentile(restPings, 0.99))} | |`,
  `| bomb upload | server event loop's longest stall | ${ms(longestStallMs)} (at rest ${ms(rest.longestStallMs)}) | |`,
  `| bomb upload | server memory peak over idle | ${Math.round(peakGrowthMb)} MB | ≤ 512 MB |`,
  `| bomb upload | answer | ${refused.status} "${refused.body.message}" in ${ms(bombMs)} | 400, too complex |`,
  `| thumbnail under a flood | slowest of ${waits.length} | ${ms(Math.max(...waits))} | ≤ 2 s |`,
  `| thumbnail under a flood | median | ${ms(percentile(waits, 0.5))} | ≤ 2 s |`,
];
console.log(['| measure | of | value | target |', '|---|---|---|---|', ...rows].join('\n'));
process.exit(0);
