/**
 * Long-term signature benchmark (issue 27 "Numbers", decision 038), on the embedded default
 * (PGlite with its files; BENCH_DATABASE_URL adds PostgreSQL rows):
 *
 * 1. What the time-stamp and the LT data add to one signature of the ~300 KB manual: `embed`
 *    alone (B-B) against `embed` with the embedded TSA's time-stamp, then the validation data of
 *    the signer's chain (a certificate of the embedded CA, answered in process by its OCSP
 *    responder) and the TSA's, then the DSS update appended to the signed revision — the path
 *    `signatureIncrement` takes for every signature but a chain's last. Target ≤ 20 ms p50.
 * 2. Validating the 50 MB file with three time-stamped signatures, its DSS and a document
 *    time-stamp, against the engine's time to sign it (prepare + embed in process); target ≤ 2×.
 *
 * A printed table, not a test: it exits 0 either way.
 *
 *   npm run bench:long-term -w apps/server
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildTimestampRequest,
  documentTimestampIncrement,
  embed,
  prepareIncrement,
  signatureTimestampChain,
  validate,
  validationDataIncrement,
} from '@signet/pades';
import { encodeName, issueCertificate, fromPem } from '@signet/der';
import { createSigner, generateKey } from '#rssp/keys/key-algorithms';
import { embeddedCaRoots } from '#rssp/public';
import { bootstrap, person, rsspTestEnv } from '#test/rssp-fixture';
import { activatedCredential, bigPdf } from '#test/signing-fixture';
import { createTestApp } from '#test/test-app';
import { createTestDatabase } from '#test/test-database';
import { manualName, manualPdf } from './manual-pdf';

const runs = Number(process.env.BENCH_LT_RUNS ?? 30);
const warmUp = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (pass: boolean) => (pass ? 'pass' : 'FAIL');

async function timed(task: () => Promise<unknown>, count = runs): Promise<number[]> {
  const wall: number[] = [];
  for (let i = 0; i < count + warmUp; i++) {
    const started = performance.now();
    await task();
    if (i >= warmUp) wall.push(performance.now() - started);
  }
  return wall;
}

/** A local key and a self-issued certificate for it (the engine-only rows). */
async function localSigner(name: string) {
  const spec = { keyAlg: 'rsa', rsaKeySize: 2048 } as const;
  const key = await generateKey(spec);
  const signer = createSigner(spec, key.pkcs8);
  const subject = encodeName([{ oid: '2.5.4.3', value: name }]);
  const certificate = issueCertificate({
    subject,
    spki: key.spki,
    issuer: subject,
    issuerSpki: key.spki,
    signer,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    isCa: false,
  });
  return { signer, certificate };
}

async function measure(label: string, adminUrl: string | undefined): Promise<string[]> {
  const database = adminUrl ? await createTestDatabase(adminUrl) : null;
  const dataDir = database ? undefined : mkdtempSync(join(tmpdir(), 'signet-bench-lt-'));
  const t = await createTestApp({
    env: { ...rsspTestEnv, API_CALLS_PER_SECOND: '10000', KDF_SCRYPT_LOG2_N: '14' },
    ...(dataDir ? { dataDir } : { databaseUrl: database?.url }),
  });
  try {
    await bootstrap(t);
    const rows: string[] = [];
    const { timestamps, validationData } = t.context;
    const fetchTimestamp = timestamps.fetch;

    // 1. One signature of the manual: the signer's certificate is the embedded CA's.
    const ann = await person(t, 'ann@bench.test');
    const credential = await activatedCredential(t, ann, { keyAlg: 'ec' });
    const chain = credential.certChain.map((c) => fromPem(c.pem, 'CERTIFICATE')[0] as Buffer);
    // The engine checks the value against the certificate it embeds, and the credential's key
    // stays in the rSSP: the CMS is made with a local key, the validation data are collected for
    // the credential's chain (what the server collects for each signature).
    const local = await localSigner('Bench');
    const manual = await manualPdf();
    const prepared = prepareIncrement(manual, {
      certificateChain: [local.certificate],
      algorithm: 'RSA_PKCS1',
      timestamp: true,
      appearance: { page: 1, originX: 50, originY: 50, width: 150, height: 50, textLines: ['x'] },
    });
    const signature = local.signer.signDigest(prepared.hash, 'sha256');
    await fetchTimestamp(buildTimestampRequest(signature));
    const plain = await timed(() => embed(prepared, signature));
    const stampedOnly = await timed(() => embed(prepared, signature, { fetchTimestamp }));
    // As signatureIncrement does it: the signer's chain is asked while the TSA stamps.
    const withLt = await timed(async () => {
      const signerData = validationData.collect([chain]);
      const signed = await embed(prepared, signature, { fetchTimestamp });
      const tsaData = await validationData.collect([
        signatureTimestampChain(signed, prepared.state),
      ]);
      const first = await signerData;
      const missing = [...first.missing, ...tsaData.missing];
      if (missing.length > 0) throw new Error(`missing: ${missing.join('; ')}`);
      validationDataIncrement(Buffer.concat([manual, signed]), {
        certificates: [...first.certificates, ...tsaData.certificates],
        ocsps: [...first.ocsps, ...tsaData.ocsps],
        crls: [...first.crls, ...tsaData.crls],
      });
    });
    const signedOnce = await embed(prepared, signature, { fetchTimestamp });
    const tsaChain = signatureTimestampChain(signedOnce, prepared.state);
    const collectOnly = await timed(() => validationData.collect([chain, tsaChain]));
    const data = await validationData.collect([chain, tsaChain]);
    const dssOnly = await timed(async () =>
      validationDataIncrement(Buffer.concat([manual, signedOnce]), data),
    );
    const added = median(withLt) - median(plain);
    const kb = (manual.length / 1024).toFixed(0);
    rows.push(
      `| ${label} | 1 | ${kb} KB ${manualName}: embed alone (B-B), p50 of ${runs} | ${ms(median(plain))} | | |`,
      `| ${label} | 1 | … with the embedded TSA's time-stamp (B-T), p50 | ${ms(median(stampedOnly))} | | |`,
      `| ${label} | 1 | … and the LT data: collect (OCSP of the signer's and the TSA's certificates, in process) and the DSS update (B-LT), p50 | ${ms(median(withLt))} | | |`,
      `| ${label} | 1 | of which collecting the validation data (p50) | ${ms(median(collectOnly))} | | |`,
      `| ${label} | 1 | of which the DSS update (p50) | ${ms(median(dssOnly))} | | |`,
      `| ${label} | 1 | time-stamp + LT data added to the signature (p50 difference) | ${ms(added)} | ≤ 20 ms | ${verdict(added <= 20)} |`,
    );

    if (process.env.BENCH_LT_ONLY_ROW1) return rows;
    // 2. The 50 MB file: signing it in the engine against validating it with three signatures.
    const large = bigPdf(50 * 1024 * 1024);
    const signers = await Promise.all(['One', 'Two', 'Three'].map(localSigner));
    const signOnce = async (pdf: Uint8Array, who: (typeof signers)[number], stamp: boolean) => {
      const p = prepareIncrement(pdf, {
        certificateChain: [who.certificate],
        algorithm: 'RSA_PKCS1',
        timestamp: stamp,
        appearance: { page: 1, originX: 50, originY: 50, width: 150, height: 50, textLines: ['x'] },
      });
      const value = who.signer.signDigest(p.hash, 'sha256');
      return embed(p, value, stamp ? { fetchTimestamp } : {});
    };
    const first = signers[0] as (typeof signers)[number];
    const signTimes = await timed(() => signOnce(large, first, false), 3);
    let document: Buffer = large;
    for (const who of signers) {
      document = Buffer.concat([document, await signOnce(document, who, true)]);
    }
    document = Buffer.concat([
      document,
      validationDataIncrement(document, {
        certificates: signers.map((s) => s.certificate),
      }),
    ]);
    document = Buffer.concat([
      document,
      await documentTimestampIncrement(document, fetchTimestamp),
    ]);
    const anchors = [
      ...(await embeddedCaRoots(t.context.database.db)),
      ...signers.map((s) => s.certificate),
    ];
    const report = validate(document, { trustAnchors: anchors });
    if (report.signatures.length !== 3 || !report.signatures.every((s) => s.valid))
      throw new Error('the 50 MB file does not validate');
    const validateTimes = await timed(async () => validate(document, { trustAnchors: anchors }), 3);
    const signMs = median(signTimes);
    const validateMs = median(validateTimes);
    rows.push(
      `| ${label} | 2 | 50 MB file, 3 time-stamped signatures, DSS and a document time-stamp: validate vs the engine signing it (median of 3) | ${ms(validateMs)} vs ${ms(signMs)} (${(validateMs / signMs).toFixed(2)}×) | ≤ 2× | ${verdict(validateMs <= 2 * signMs)} |`,
    );
    return rows;
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
  `Long-term signature bench — load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (the machine is shared)`,
);
console.log(
  [
    '| database | row | measure | value | target | |',
    '|---|---|---|---|---|---|',
    ...tables.flat(),
  ].join('\n'),
);
