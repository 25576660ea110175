/**
 * Document benchmark (issue 12 §4): a 50 MB upload's server memory (peak over the idle baseline,
 * target ≤ 2× the file) and time (target ≤ 2× writing the same bytes to the database alone; the
 * median of 3 of each, on a server that has answered a small upload before), and
 * the thumbnail of a 300 KB text-heavy manual (≤ 150 ms) and of the 50 MB file (≤ 1 s). Each
 * database runs in a fresh process. A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:documents -w apps/server
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:documents -w apps/server
 */
import { fork } from 'node:child_process';
import { createTestDatabase } from '#test/test-database';
import type { DocumentsResult } from './documents-child';

function measure(databaseUrl: string | undefined): Promise<DocumentsResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./documents-child.ts', import.meta.url), {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, NODE_ENV: 'test' },
    });
    child.once('message', (result: DocumentsResult) => resolve(result));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`bench child exited with ${code}`));
    });
    child.send({ databaseUrl });
  });
}

const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');
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
      `| ${label} | upload time vs the same bytes stored alone (medians of 3, after a small upload) | ${r.uploadMs.toFixed(0)} ms vs ${r.databaseWriteMs.toFixed(0)} ms (${(r.uploadMs / r.databaseWriteMs).toFixed(2)}×) | ≤ 2× | ${verdict(r.uploadMs <= 2 * r.databaseWriteMs)} |`,
      `| ${label} | thumbnail, ${(r.smallBytes / 1024).toFixed(0)} KB text manual (median of 7) | ${r.thumbnailSmallMs.toFixed(0)} ms | ≤ 150 ms | ${verdict(r.thumbnailSmallMs <= 150)} |`,
      `| ${label} | thumbnail, ${fileMb.toFixed(1)} MB file (median of 3) | ${r.thumbnailLargeMs.toFixed(0)} ms | ≤ 1000 ms | ${verdict(r.thumbnailLargeMs <= 1000)} |`,
    );
  }
} finally {
  await database?.drop();
}
console.log(
  ['| database | measure | value | target | |', '|---|---|---|---|---|', ...rows].join('\n'),
);
