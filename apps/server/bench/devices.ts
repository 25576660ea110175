/**
 * Device approval benchmark (issue 13 §2): the real server over HTTP on loopback, the command-line
 * authenticator's client (`src/authenticator`) long-polling for requests and approving each at
 * once. For each of 100 implicit activations it measures, from the moment the web app's request
 * (`POST credentials/{id}/activate`) leaves until the rSSP holds the verified approval (the
 * approval's `decided_at`, written after the device's signature verified), and until the web app
 * has its answer (ACTIVATED). A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:devices -w apps/server
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:devices -w apps/server
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { deviceApprovals } from '#rssp/devices/device-table';
import { createCredential, createRsspTestApp, type Person } from '#test/rssp-fixture';
import { enrollmentLink } from '#test/device-fixture';
import { approveNext, enroll } from '../src/authenticator/authenticator-client';

const approvals = Number(process.env.BENCH_APPROVALS ?? 100);
const target = { p50: 100 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function bench(label: string): Promise<string> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { t, ann } = await createRsspTestApp({ RSSP_API_URL: `${base}/rssp` });
  const dir = await mkdtemp(join(tmpdir(), 'signet-bench-devices-'));
  try {
    await t.app.listen({ port, host: '127.0.0.1' });
    const statePath = join(dir, 'state.json');
    const state = await enroll({ link: await enrollmentLink(t, ann), statePath });
    const credentials = [];
    for (let i = 0; i < approvals; i++) {
      credentials.push(
        await createCredential(t, ann, { authMode: 'IMPLICIT', description: `Bench ${i}` }),
      );
    }
    // The authenticator approves every request as soon as its long poll hears of it.
    let running = true;
    const authenticator = (async () => {
      while (running) await approveNext({ statePath, state, timeoutMs: 5_000 });
    })();
    const toApproval: number[] = [];
    const toAnswer: number[] = [];
    const activate = (who: Person, id: string) =>
      fetch(`${base}/rssp/v1/credentials/${id}/activate`, {
        method: 'POST',
        headers: { ...who.headers, 'content-type': 'application/json' },
        body: '{}',
      });
    // Warm-up: one activation that is not counted.
    const warm = await createCredential(t, ann, { authMode: 'IMPLICIT', description: 'Warm-up' });
    await activate(ann, warm.id);
    for (const credential of credentials) {
      const started = Date.now();
      const res = await activate(ann, credential.id);
      const answered = Date.now();
      if (res.status !== 200) throw new Error(`activate: ${res.status} ${await res.text()}`);
      const [approval] = await t.context.database.db
        .select({ decidedAt: deviceApprovals.decidedAt })
        .from(deviceApprovals)
        .where(eq(deviceApprovals.credentialId, credential.id));
      toApproval.push((approval?.decidedAt?.getTime() ?? NaN) - started);
      toAnswer.push(answered - started);
    }
    running = false;
    await authenticator;
    const a = [...toApproval].sort((x, y) => x - y);
    const b = [...toAnswer].sort((x, y) => x - y);
    const pass = percentile(a, 50) <= target.p50;
    return [
      `| ${label} | ${approvals} | request → verified approval | ${percentile(a, 50)} | ${percentile(a, 90)} | ${percentile(a, 99)} | ≤ ${target.p50} | ${pass ? 'pass' : 'FAIL'} |`,
      `| ${label} | ${approvals} | request → ACTIVATED answer | ${percentile(b, 50)} | ${percentile(b, 90)} | ${percentile(b, 99)} | | |`,
    ].join('\n');
  } finally {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}

const rows = [await bench(process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite')];
console.log(
  [
    `Device approvals over HTTP on loopback: the CLI authenticator approving at once, ${approvals} implicit activations per database.`,
    '',
    '| database | approvals | span | p50 ms | p90 ms | p99 ms | target p50 ms | |',
    '|---|---:|---|---:|---:|---:|---|---|',
    ...rows,
  ].join('\n'),
);
