/**
 * CSC API benchmark (issue 28, Numbers): the real server over HTTP on loopback, a CSC client with
 * an access token from the OAuth code flow, one explicit RSA-2048 credential.
 *
 * 1. `signatures/signHash` of one SHA-256 hash: the server's time besides the KDF and the key
 *    operation (Server-Timing: `total` less `kdf` and `unwrap`), p50 ≤ 5 ms; for the pair
 *    `credentials/authorize` (PIN) + `signatures/signHash` and for signHash alone (each signHash
 *    needs a fresh SAD).
 * 2. signHash calls per second with fresh SADs made beforehand, 16 at a time: ≥ 200/s on
 *    PostgreSQL.
 *
 * Each row for PGlite and, with BENCH_DATABASE_URL, a fresh database on that PostgreSQL server.
 * A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:csc -w apps/server
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:csc -w apps/server
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import {
  bootstrap,
  fastKdfEnv,
  keyPassword,
  person,
  rsspTestEnv,
  adminAccount,
} from '#test/rssp-fixture';
import { cscToken, registerCscClient } from '#test/csc-fixture';
import { activatedCredential } from '#test/signing-fixture';
import { createTestApp } from '#test/test-app';
import { createTestDatabase } from '#test/test-database';

const pairs = Number(process.env.BENCH_CSC_PAIRS ?? 200);
const loadCalls = Number(process.env.BENCH_CSC_CALLS ?? 1000);
const concurrency = 16;
const sha256Oid = '2.16.840.1.101.3.4.2.1';

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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');

/** `kdf;dur=1.2, unwrap;dur=0.3, total;dur=4.0` as numbers. */
function phases(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /^\s*(\w+);dur=([\d.]+)/.exec(part);
    if (match?.[1] && match[2]) out[match[1]] = (out[match[1]] ?? 0) + Number(match[2]);
  }
  return out;
}
const besides = (p: Record<string, number>) => (p.total ?? NaN) - (p.kdf ?? 0) - (p.unwrap ?? 0);

async function measure(label: string, databaseUrl: string | undefined): Promise<string[]> {
  const database = databaseUrl ? await createTestDatabase(databaseUrl) : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    env: { ...rsspTestEnv, ...fastKdfEnv, API_CALLS_PER_SECOND: '100000' },
    ...(database?.url ? { databaseUrl: database.url } : {}),
  });
  try {
    await bootstrap(t);
    const admin = await person(t, adminAccount.email, adminAccount.password, false);
    const ann = await person(t, 'ann@example.com');
    const key = await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 });
    const client = await registerCscClient(t, admin);
    const token = await cscToken(t, client, ann);
    await t.app.listen({ port, host: '127.0.0.1' });
    const call = async (path: string, body: unknown) => {
      const res = await fetch(`${base}/csc/v2/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return {
        body: (await res.json()) as Record<string, unknown>,
        timing: phases(res.headers.get('server-timing')),
      };
    };
    const freshHash = () =>
      createHash('sha256').update(randomBytes(16)).digest().toString('base64');
    const authorize = (hash: string) =>
      call('credentials/authorize', {
        credentialID: key.id,
        numSignatures: 1,
        hashes: [hash],
        hashAlgorithmOID: sha256Oid,
        authData: [{ id: 'PIN', value: keyPassword }],
      });
    const signHash = (hash: string, sad: unknown) =>
      call('signatures/signHash', {
        credentialID: key.id,
        SAD: sad,
        hashes: [hash],
        hashAlgorithmOID: sha256Oid,
        signAlgo: '1.2.840.113549.1.1.11',
      });

    const pairBesides: number[] = [];
    const signBesides: number[] = [];
    const signDatabase: number[] = [];
    for (let i = 0; i < pairs + 10; i++) {
      const hash = freshHash();
      const authorized = await authorize(hash);
      const signed = await signHash(hash, authorized.body.SAD);
      if (i < 10) continue; // warm-up
      pairBesides.push(besides(authorized.timing) + besides(signed.timing));
      signBesides.push(besides(signed.timing));
      signDatabase.push(signed.timing.database ?? NaN);
    }

    // Fresh SADs first (each costs a KDF), then signHash alone at full speed.
    const sads: { hash: string; sad: unknown }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next++ < loadCalls) {
          const hash = freshHash();
          sads.push({ hash, sad: (await authorize(hash)).body.SAD });
        }
      }),
    );
    let taken = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (taken < sads.length) {
          const item = sads[taken++];
          if (item) await signHash(item.hash, item.sad);
        }
      }),
    );
    const wallMs = performance.now() - started;
    const perSecond = (sads.length / wallMs) * 1000;
    return [
      `| ${label} | signHash alone: the server's time besides the key operation (p50 of ${pairs}) | ${ms(median(signBesides))} (database ${ms(median(signDatabase))}, load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores) | ≤ 5 ms | ${verdict(median(signBesides) <= 5)} |`,
      `| ${label} | authorize (PIN) + signHash: besides the KDF and the key operations (p50 of ${pairs}) | ${ms(median(pairBesides))} | | |`,
      `| ${label} | signHash calls per second, ${concurrency} at a time, fresh SADs (${sads.length} calls) | ${perSecond.toFixed(0)}/s in ${ms(wallMs)} | ≥ 200/s${label === 'PostgreSQL' ? '' : ' (PostgreSQL)'} | ${label === 'PostgreSQL' ? verdict(perSecond >= 200) : ''} |`,
    ];
  } finally {
    await t.close();
    await database?.drop();
  }
}

const rows = [...(await measure('PGlite', undefined))];
if (process.env.BENCH_DATABASE_URL)
  rows.push(...(await measure('PostgreSQL', process.env.BENCH_DATABASE_URL)));
console.log(
  [
    'CSC API over HTTP on loopback: explicit RSA-2048 credential, one SHA-256 hash per call.',
    '',
    '| database | measure | value | target | |',
    '|---|---|---:|---|---|',
    ...rows,
  ].join('\n'),
);
