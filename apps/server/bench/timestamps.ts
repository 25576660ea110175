/**
 * Time-stamp benchmark (issue 27 §1, "Numbers"): what the signature time-stamp (PAdES B-T) adds to
 * one signature of the ~300 KB manual on the embedded default (PGlite with its files), the
 * embedded TSA answering in process as it does for every signature. Issue 27's target is the
 * time-stamp and the LT data together ≤ 20 ms p50; the LT data come later (their own row), so
 * this prints the time-stamp's part on its own, against the whole 20 ms.
 *
 * Rows: `embed` of a prepared signature without and with its time-stamp (the difference is what
 * B-T adds), the in-process TSA alone (TimeStampReq in, TimeStampResp out: a serial from the
 * database, an ECDSA P-256 signature), and `POST /rssp/v1/tsa` over real HTTP for comparison.
 * Each value is the wall time's p50 with the CPU time's beside it (the machine may be shared).
 * A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:timestamps -w apps/server
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:timestamps -w apps/server
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTimestampRequest, embed, prepareIncrement } from '@signet/pades';
import { encodeName, issueCertificate } from '@signet/der';
import { createSigner, generateKey } from '#rssp/keys/key-algorithms';
import { createTestApp } from '#test/test-app';
import { createTestDatabase } from '#test/test-database';
import { manualName, manualPdf } from './manual-pdf';

const runs = Number(process.env.BENCH_TS_RUNS ?? 50);
const warmUp = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');

/**
 * Wall and CPU time (this process: PGlite, the engine and the TSA all run here) of each run. On a
 * shared machine the wall time waits for other processes; the CPU time does not.
 */
async function timed(task: () => Promise<unknown>): Promise<{ wall: number[]; cpu: number[] }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs + warmUp; i++) {
    const started = performance.now();
    const used = process.cpuUsage();
    await task();
    const spent = process.cpuUsage(used);
    if (i >= warmUp) {
      wall.push(performance.now() - started);
      cpu.push((spent.user + spent.system) / 1000);
    }
  }
  return { wall, cpu };
}
const both = (times: { wall: number[]; cpu: number[] }) =>
  `${ms(median(times.wall))} (CPU ${ms(median(times.cpu))})`;

async function measure(label: string, adminUrl: string | undefined): Promise<string[]> {
  const database = adminUrl ? await createTestDatabase(adminUrl) : null;
  const dataDir = database ? undefined : mkdtempSync(join(tmpdir(), 'signet-bench-tsa-'));
  const t = await createTestApp({
    env: { API_CALLS_PER_SECOND: '10000' },
    ...(dataDir ? { dataDir } : { databaseUrl: database?.url }),
  });
  try {
    const spec = { keyAlg: 'ec', curve: 'secp256r1' } as const;
    const key = await generateKey(spec);
    const signer = createSigner(spec, key.pkcs8);
    const name = encodeName([{ oid: '2.5.4.3', value: 'Bench' }]);
    const certificate = issueCertificate({
      subject: name,
      spki: key.spki,
      issuer: name,
      issuerSpki: key.spki,
      signer,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 86_400_000),
      isCa: false,
    });
    const manual = await manualPdf();
    const prepared = prepareIncrement(manual, {
      certificateChain: [certificate],
      algorithm: 'ECDSA',
      timestamp: true,
      appearance: { page: 1, originX: 50, originY: 50, width: 150, height: 50, textLines: ['x'] },
    });
    const signature = signer.signDigest(prepared.hash, 'sha256');
    const { fetch: fetchTimestamp } = t.context.timestamps;
    // The first time-stamp makes the TSA's key and certificate: not part of any signature after.
    await fetchTimestamp(buildTimestampRequest(signature));

    const plain = await timed(() => embed(prepared, signature));
    const stamped = await timed(() => embed(prepared, signature, { fetchTimestamp }));
    const tsaAlone = await timed(() => fetchTimestamp(buildTimestampRequest(signature)));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const overHttp = await timed(async () => {
      const res = await fetch(`${address}/rssp/v1/tsa`, {
        method: 'POST',
        headers: { 'content-type': 'application/timestamp-query' },
        body: buildTimestampRequest(signature),
      });
      await res.arrayBuffer();
    });
    const added = median(stamped.wall) - median(plain.wall);
    const addedCpu = median(stamped.cpu) - median(plain.cpu);
    const kb = (manual.length / 1024).toFixed(0);
    return [
      `| ${label} | ${kb} KB ${manualName}: embed without a time-stamp (B-B), p50 of ${runs} | ${both(plain)} | | |`,
      `| ${label} | … embed with its time-stamp from the embedded TSA in process (B-T), p50 | ${both(stamped)} | | |`,
      `| ${label} | the time-stamp's added time (B-T − B-B, p50; LT data are a row of their own) | ${ms(added)} (CPU ${ms(addedCpu)}) | ≤ 20 ms with LT | ${verdict(added <= 20)} |`,
      `| ${label} | the embedded TSA alone, in process (query in, reply out), p50 | ${both(tsaAlone)} | | |`,
      `| ${label} | POST /rssp/v1/tsa over HTTP (an external client's view), p50 | ${both(overHttp)} | | |`,
    ];
  } finally {
    await t.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

const tables = [await measure('PGlite (files)', undefined)];
if (process.env.BENCH_DATABASE_URL) {
  tables.push(await measure('PostgreSQL', process.env.BENCH_DATABASE_URL));
}
console.log(
  `Time-stamp bench — load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (the machine is shared)`,
);
console.log(
  ['| database | measure | value | target | |', '|---|---|---|---|---|', ...tables.flat()].join(
    '\n',
  ),
);
