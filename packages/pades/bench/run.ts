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

const rows: string[][] = [];
const bestRows: string[][] = [];
const notes: string[] = [];
for (const file of files) {
  const results = await timeAll(file);
  const cell = (name: (typeof NAMES)[number]): string => {
    const r = results[name];
    if (r.error) return `fails (${r.error})`;
    return name === 'limit' ? `${ms(r.median)} ms` : `${ms(r.median)} ms (${r.ratio.toFixed(2)}×)`;
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

// The 10th signature on a file costs the 1st plus hashing the bytes added by the earlier nine.
const big = files.find((f) => f.name === '10 MB') ?? (files[0] as BenchFile);
let nineTimes: Uint8Array = big.bytes;
for (let i = 0; i < 9; i++) nineTimes = (await (contenders.signet as Contender)(nineTimes)).bytes;
const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const best = (values: number[]): number => Math.min(...values);
/** 1st and 10th signature, interleaved in alternating order so neither always follows the other. */
async function firstAndTenth(contender: Contender, runs: number) {
  const first: number[] = [];
  const tenth: number[] = [];
  let last: Uint8Array = nineTimes;
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? ['first', 'tenth'] : ['tenth', 'first'];
    for (const which of order) {
      const start = performance.now();
      if (which === 'first') await contender(big.bytes);
      else last = (await contender(nineTimes)).bytes;
      (which === 'first' ? first : tenth).push(performance.now() - start);
    }
  }
  return { first, tenth, last };
}
const whole = await firstAndTenth(contenders.signet as Contender, 15);
// The update-only API allocates no 10 MB output, so what reading nine more updates costs shows.
const increment = await firstAndTenth(contenders.signetIncrement as Contender, 41);
const added = nineTimes.length - big.bytes.length;
const hashStart = performance.now();
createHash('sha256').update(nineTimes.subarray(big.bytes.length)).digest();
const addedHash = performance.now() - hashStart;
const report = validate(whole.last, { trustAnchors: [key.certificate] });
const line = (label: string, r: { first: number[]; tenth: number[] }): string =>
  `- ${label}: 10th ${ms(median(r.tenth))} ms (best ${ms(best(r.tenth))}) vs 1st ` +
  `${ms(median(r.first))} ms (best ${ms(best(r.first))}): ` +
  `+${ms(median(r.tenth) - median(r.first))} ms`;
console.log(
  `\n10th signature on ${big.name} (the nine earlier updates added ${(added / 1024).toFixed(0)} KB; ` +
    `hashing them takes ${ms(addedHash)} ms; validate: ` +
    `${report.signatures.filter((s) => s.valid && s.chainTrusted && !s.modifiedAfterSigning).length}/10 valid):\n` +
    `${line('whole document', whole)}\n${line('update only', increment)}`,
);
console.log('\nNotes:\n' + notes.map((n) => `- ${n}`).join('\n'));
