// `npm run bench -w packages/pades`: signs the same files with Signet, @signpdf/signpdf and
// @libpdf/core (RSA-2048, B-B) next to the physical limit (SHA-256 of the file + one RSA-2048
// signature, same process) and prints times, ratios and peak memory.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchFiles, benchKey, type BenchFile } from './inputs';
import { makeContenders, type Contender } from './contenders';
import { validate } from '../src/index';

const NAMES = ['limit', 'signet', 'signetIncrement', 'signpdf', 'libpdf'] as const;
const LABELS: Record<(typeof NAMES)[number], string> = {
  limit: 'limit',
  signet: 'Signet',
  signetIncrement: 'Signet, update only',
  signpdf: '@signpdf/signpdf',
  libpdf: '@libpdf/core',
};

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number): string => (value < 10 ? value.toFixed(2) : value.toFixed(1));

/** `ratio`: median of the per-run ratios to the limit run just before (paired, robust to load drift). */
type Timing = { median: number; best: number; ratio: number; note?: string; error?: string };

/**
 * Times every contender on one file, interleaved run by run so that load from other processes
 * on the machine affects all of them alike; returns the median of each.
 */
async function timeAll(file: BenchFile): Promise<Record<(typeof NAMES)[number], Timing>> {
  const runs = file.bytes.length > 5_000_000 ? 7 : 21;
  const samples = Object.fromEntries(NAMES.map((n) => [n, [] as number[]])) as Record<
    (typeof NAMES)[number],
    number[]
  >;
  const out = {} as Record<(typeof NAMES)[number], Timing>;
  for (const name of NAMES) {
    try {
      out[name] = {
        median: NaN,
        best: NaN,
        ratio: NaN,
        note: (await (contenders[name] as Contender)(file.bytes)).note,
      }; // warm-up
    } catch (error) {
      out[name] = {
        median: NaN,
        best: NaN,
        ratio: NaN,
        error: (error as Error).message.slice(0, 50),
      };
    }
  }
  for (let i = 0; i < runs; i++) {
    for (const name of NAMES) {
      if (out[name].error) continue;
      const start = performance.now();
      await (contenders[name] as Contender)(file.bytes);
      samples[name].push(performance.now() - start);
    }
  }
  const middle = (values: number[]): number =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  for (const name of NAMES) {
    if (!out[name].error)
      out[name].ratio = middle(samples[name].map((t, i) => t / (samples.limit[i] ?? NaN)));
    const sorted = samples[name].sort((a, b) => a - b);
    if (!out[name].error) {
      out[name].median = sorted[Math.floor(sorted.length / 2)] as number;
      out[name].best = sorted[0] as number;
    }
  }
  return out;
}

function peakMemory(name: string, file: BenchFile): string {
  try {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'memory-probe.ts'), name, file.path],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
      peakBytes: number;
      error?: string;
    };
    if (result.error) return 'fails';
    return `${mb(result.peakBytes)} (${(result.peakBytes / file.bytes.length).toFixed(1)}×)`;
  } catch {
    return 'n/a';
  }
}

const startLoad = loadavg()[0] ?? 0;
const key = benchKey();
const files = await benchFiles();
const contenders = await makeContenders(key);

const print = (title: string, header: string[], body: string[][]): void => {
  const widths = header.map((h, i) =>
    Math.max(h.length, ...body.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: string[]): string =>
    '| ' + cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ') + ' |';
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log('|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|');
  for (const row of body) console.log(line(row));
};

console.log(`\nLoad average at the start: ${startLoad.toFixed(1)} on ${cpus().length} cores.`);
// `npm start` runs the server with glibc's huge-page tunable, so large buffers are faulted in 2 MB
// pages; the bench runs the same way (decision 001).
console.log(`GLIBC_TUNABLES: ${process.env.GLIBC_TUNABLES ?? '(not set)'}.`);

const notes: string[] = [];
// `-- --tenth` runs only the last table.
if (!process.argv.includes('--tenth')) {
  const rows: string[][] = [];
  const bestRows: string[][] = [];
  for (const file of files) {
    const results = await timeAll(file);
    const cell = (name: (typeof NAMES)[number]): string => {
      const r = results[name];
      if (r.error) return `fails (${r.error})`;
      return name === 'limit'
        ? `${ms(r.median)} ms`
        : `${ms(r.median)} ms (${r.ratio.toFixed(2)}×)`;
    };
    rows.push([`${file.name} (${mb(file.bytes.length)})`, ...NAMES.map(cell)]);
    const best = (name: (typeof NAMES)[number]): string => {
      const r = results[name];
      if (r.error) return 'fails';
      return name === 'limit'
        ? `${ms(r.best)} ms`
        : `${ms(r.best)} ms (${(r.best / results.limit.best).toFixed(2)}×)`;
    };
    bestRows.push([`${file.name} (${mb(file.bytes.length)})`, ...NAMES.map(best)]);
    if (results.signpdf.note) notes.push(`${file.name}: @signpdf used ${results.signpdf.note}`);
    notes.push(`${file.name}: ${file.shape}`);
  }

  print(
    'Signing time, RSA-2048 B-B (median; median of the per-run ratios to the limit)',
    ['file', ...NAMES.map((n) => LABELS[n])],
    rows,
  );
  print(
    'Best run of each (closest to an idle machine)',
    ['file', ...NAMES.map((n) => LABELS[n])],
    bestRows,
  );

  const memoryRows = files.map((file) => [
    `${file.name} (${mb(file.bytes.length)})`,
    ...(['signet', 'signpdf', 'libpdf'] as const).map((name) => peakMemory(name, file)),
  ]);
  print(
    'Peak memory above the process baseline, input included (ratio to the file size)',
    ['file', 'Signet', '@signpdf/signpdf', '@libpdf/core'],
    memoryRows,
  );
}

// The 10th signature on a file costs the 1st plus hashing the bytes added by the earlier nine. The
// original is the first bytes of the nine-times-signed file, so the 1st signs that prefix: both
// hash the very same memory, and placement (huge pages or not) cannot tell them apart.
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/**
 * Per run, in rotating order: the 1st, the 10th, the 1st again, and a hash of the original and of
 * the nine-times-signed file (what hashing the added bytes costs in the same conditions). Returns
 * medians of the per-run differences and their standard error, estimated from how much the 1st
 * differs from itself (1.25 σ/√n for a median; σ ≈ median |difference| / 0.67).
 */
async function tenthOverFirst(
  contender: Contender,
  original: Uint8Array,
  nineTimes: Uint8Array,
  runs: number,
) {
  const tasks = [
    () => contender(original),
    () => contender(original),
    () => contender(nineTimes),
    async () => ({ bytes: createHash('sha256').update(original).digest() }),
    async () => ({ bytes: createHash('sha256').update(nineTimes).digest() }),
  ];
  const extra: number[] = [];
  const hash: number[] = [];
  const difference: number[] = [];
  const firstTwice: number[] = [];
  let last: Uint8Array = nineTimes;
  for (let i = 0; i < runs; i++) {
    const times = tasks.map(() => 0);
    for (let k = 0; k < tasks.length; k++) {
      const which = (i + k) % tasks.length;
      const start = performance.now();
      const { bytes } = await (tasks[which] as () => Promise<{ bytes: Uint8Array }>)();
      times[which] = performance.now() - start;
      if (which === 2) last = bytes;
    }
    const [first = 0, again = 0, tenth = 0, hashOriginal = 0, hashNine = 0] = times;
    extra.push(tenth - first);
    hash.push(hashNine - hashOriginal);
    difference.push(tenth - first - (hashNine - hashOriginal));
    firstTwice.push(Math.abs(again - first));
  }
  return {
    extra: median(extra),
    hash: median(hash),
    difference: median(difference),
    error: (1.25 * (median(firstTwice) / 0.67)) / Math.sqrt(runs),
    last,
    added: nineTimes.length - original.length,
  };
}

const tenthRows: string[][] = [];
let tenthValid = '';
for (const [name, runs] of [
  ['manual', 201],
  ['10 MB', 101],
] as const) {
  const file = files.find((f) => f.name === name);
  if (!file) continue;
  let nineTimes: Uint8Array = file.bytes;
  for (let i = 0; i < 9; i++) nineTimes = (await (contenders.signet as Contender)(nineTimes)).bytes;
  const original = nineTimes.subarray(0, file.bytes.length);
  for (const api of ['signetIncrement', 'signet'] as const) {
    // The whole document allocates its output each time: fewer, slower runs.
    const apiRuns = api === 'signet' ? Math.ceil(runs / 3) : runs;
    const r = await tenthOverFirst(contenders[api] as Contender, original, nineTimes, apiRuns);
    const µs = (value: number): string => `${(value * 1000).toFixed(0)} µs`;
    tenthRows.push([
      `${file.name} + ${(r.added / 1024).toFixed(0)} KB`,
      LABELS[api],
      String(apiRuns),
      `${µs(r.extra)} ± ${µs(r.error)}`,
      `${µs(r.hash)} ± ${µs(r.error)}`,
      // The difference subtracts two differences: √2 times the error of one.
      `${µs(r.difference)} ± ${µs(r.error * Math.SQRT2)}`,
    ]);
    if (api === 'signet') {
      const report = validate(r.last, { trustAnchors: [key.certificate] });
      const valid = report.signatures.filter(
        (s) => s.valid && s.chainTrusted && !s.modifiedAfterSigning,
      ).length;
      tenthValid += ` ${file.name}: ${valid}/10 valid.`;
    }
  }
}
print(
  '10th signature against the 1st on the same file (medians of the per-run differences ± their ' +
    'standard error)',
  ['file + nine signatures', 'API', 'runs', '10th − 1st', 'hashing the added', 'difference'],
  tenthRows,
);
console.log(`validate on the 10-times-signed files:${tenthValid}`);
if (notes.length > 0) console.log('\nNotes:\n' + notes.map((n) => `- ${n}`).join('\n'));
