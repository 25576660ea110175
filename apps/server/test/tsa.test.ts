import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { derBytes, derChild, fromPem, readDer } from '@signet/der';
import { validate } from '@signet/pades';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResult } from '@signet/contracts/signatures';
import { sql } from 'drizzle-orm';
import { buildTimestampRequest, verifyTimestampToken } from '@signet/pades';
import { createTimestampClient, embeddedCaRoots } from '#rssp/public';
import { createRsspTestApp, fastKdfEnv, post, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  runTool,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import { signaturesOf, tsaFiles, verifyToken } from './tsa-fixture';
import type { TestApp } from './test-app';

/**
 * Issue 27 §1: on a fresh install every signature is PAdES B-T, time-stamped by Signet's own
 * TSA, whose tokens and certificate openssl accepts.
 */
describe('the embedded time-stamping authority (B-T by default)', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let annsKey: Credential;
  let bobsKey: Credential;
  let files: Awaited<ReturnType<typeof tsaFiles>>;

  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp(fastKdfEnv));
    annsKey = await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 });
    bobsKey = await activatedCredential(t, bob);
    files = await tsaFiles(t);
  }, 120_000);
  afterAll(() => t.close());

  const tsQuery = async (data: string, ...args: string[]) => {
    const dataFile = join(files.dir, `${data}.txt`);
    writeFileSync(dataFile, `what ${data} says`);
    const queryFile = join(files.dir, `${data}.tsq`);
    const made = await runTool('openssl', [
      'ts',
      '-query',
      '-data',
      dataFile,
      ...args,
      '-out',
      queryFile,
    ]);
    expect(made.code, made.output).toBe(0);
    return { dataFile, queryFile };
  };

  const postQuery = (body: Buffer, contentType = 'application/timestamp-query') =>
    t.app.inject({
      method: 'POST',
      url: '/rssp/v1/tsa',
      headers: { 'content-type': contentType },
      payload: body,
    });

  it('signs a two-signer chain with a DETACHED trail B-T: every token verifies with openssl ts and the engine', async () => {
    const chain = await createChain(t, ann, {
      type: 'ORDERED',
      signers: [{ email: ann.email }, { email: bob.email }],
      signingTrailMode: 'DETACHED',
    });
    let last: SignResult[number] | undefined;
    for (const [who, key, level] of [
      [ann, annsKey, 'B-LT'],
      [bob, bobsKey, 'B-LTA'],
    ] as const) {
      const res = await post(t, who, '/rdss/v1/signatures/sign', signBody(chain, who, key));
      expect(res.statusCode, res.body).toBe(200);
      [last] = res.json<SignResult>();
      // B-T at least; with the validation data (B-LT) and the closing document time-stamp (B-LTA).
      expect(last?.level).toBe(level);
    }
    const signed = await download(t, ann, last?.signedDocument.id as string);
    const nss = await trustEmbeddedCa(t);
    const checked = await checkSignedPdf(nss, signed);
    expect(checked.signatures).toEqual([
      expect.objectContaining({ valid: true, trusted: true }),
      expect.objectContaining({ valid: true, trusted: true }),
    ]);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);

    const parts = signaturesOf(signed);
    expect(parts).toHaveLength(2);
    for (const [i, part] of parts.entries()) {
      expect(part.token, `signature ${i} has a signature-time-stamp token`).toBeDefined();
      const token = part.token as Buffer;
      const verified = await verifyToken(files, `signature-${i}`, token, part.value);
      expect(verified.output).toContain('Verification: OK');
      // A token over other bytes is refused: the check can fail.
      const other = Buffer.concat([part.value, Buffer.of(0)]);
      const wrong = await verifyToken(files, `other-${i}`, token, other);
      expect(wrong.code).not.toBe(0);
    }

    const report = validate(signed, { trustAnchors: await embeddedCaRoots(t.context.database.db) });
    expect(report.signatures).toHaveLength(2);
    for (const signature of report.signatures) {
      expect(signature.timestamp).toMatchObject({ valid: true, trusted: true });
    }

    // The DETACHED trail document is signed B-T too, each of its signatures.
    const trail = await t.app.inject({
      url: `/rdss/v1/documents/${chain.origDocument?.id}/file?mode=DETACHED&chainId=${chain.id}`,
      headers: ann.headers,
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const trailParts = signaturesOf(trail.rawPayload);
    expect(trailParts).toHaveLength(2);
    for (const part of trailParts) expect(part.token).toBeDefined();
    const trailReport = validate(trail.rawPayload, {
      trustAnchors: await embeddedCaRoots(t.context.database.db),
    });
    for (const signature of trailReport.signatures) {
      expect(signature.timestamp).toMatchObject({ valid: true, trusted: true });
    }
  }, 120_000);

  it('POST tsa answers an openssl query (SHA-256, SHA-384, SHA-512, nonce, certReq) with a reply openssl ts -verify accepts', async () => {
    for (const digest of ['-sha256', '-sha384', '-sha512']) {
      const { dataFile, queryFile } = await tsQuery(digest.slice(1), digest, '-cert');
      const res = await postQuery(readFileSync(queryFile));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/timestamp-reply');
      const replyFile = `${queryFile}.tsr`;
      writeFileSync(replyFile, res.rawPayload);
      const text = await runTool('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
      expect(text.output).toContain('Status: Granted.');
      expect(text.output).toContain('Policy OID: 2.25.58260382918384546232505843496513878375');
      expect(text.output).toMatch(/Nonce: 0x[0-9A-F]+/);
      const verified = await runTool('openssl', [
        'ts',
        '-verify',
        '-in',
        replyFile,
        '-queryfile',
        queryFile,
        '-CAfile',
        files.caFile,
        '-untrusted',
        files.tsaFile,
      ]);
      expect(verified.output, digest).toContain('Verification: OK');
      const byData = await runTool('openssl', [
        'ts',
        '-verify',
        '-in',
        replyFile,
        '-data',
        dataFile,
        '-CAfile',
        files.caFile,
      ]);
      // With certReq the token carries the TSA's chain: no -untrusted needed.
      expect(byData.output, digest).toContain('Verification: OK');
    }
  });

  it('without certReq the token carries no certificates; serial numbers differ', async () => {
    const { queryFile } = await tsQuery('nocert', '-sha256');
    const serials = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await postQuery(readFileSync(queryFile));
      const replyFile = join(files.dir, `nocert-${i}.tsr`);
      writeFileSync(replyFile, res.rawPayload);
      const text = await runTool('openssl', ['ts', '-reply', '-in', replyFile, '-text']);
      serials.add(/Serial number: (\S+)/.exec(text.output)?.[1] ?? '');
      const tokenFile = join(files.dir, `nocert-${i}.der`);
      await runTool('openssl', ['ts', '-reply', '-in', replyFile, '-token_out', '-out', tokenFile]);
      const printed = await runTool('openssl', [
        'cms',
        '-cmsout',
        '-print',
        '-inform',
        'DER',
        '-in',
        tokenFile,
      ]);
      expect(printed.output).toMatch(/certificates:\s+<ABSENT>/);
      const verified = await runTool('openssl', [
        'ts',
        '-verify',
        '-in',
        replyFile,
        '-queryfile',
        queryFile,
        '-CAfile',
        files.caFile,
        '-untrusted',
        files.tsaFile,
      ]);
      expect(verified.output).toContain('Verification: OK');
    }
    expect(serials.size).toBe(3);
  });

  it('refuses what it cannot stamp with a rejection, and bad bodies with an error', async () => {
    const { queryFile } = await tsQuery('sha1', '-sha1');
    const sha1 = await postQuery(readFileSync(queryFile));
    writeFileSync(`${queryFile}.tsr`, sha1.rawPayload);
    const text = await runTool('openssl', ['ts', '-reply', '-in', `${queryFile}.tsr`, '-text']);
    expect(text.output).toContain('Status: Rejected.');
    expect(text.output).toContain('unrecognized or unsupported algorithm');

    const { queryFile: otherPolicy } = await tsQuery('policy', '-sha256', '-tspolicy', '1.2.3.4');
    const refused = await postQuery(readFileSync(otherPolicy));
    writeFileSync(`${otherPolicy}.tsr`, refused.rawPayload);
    const policyText = await runTool('openssl', [
      'ts',
      '-reply',
      '-in',
      `${otherPolicy}.tsr`,
      '-text',
    ]);
    expect(policyText.output).toContain('Status: Rejected.');
    expect(policyText.output).toContain('requested TSA policy is not supported');

    const garbage = await postQuery(Buffer.from('not DER at all'));
    expect(garbage.statusCode).toBe(200);
    writeFileSync(join(files.dir, 'garbage.tsr'), garbage.rawPayload);
    const garbageText = await runTool('openssl', [
      'ts',
      '-reply',
      '-in',
      join(files.dir, 'garbage.tsr'),
      '-text',
    ]);
    expect(garbageText.output).toContain('Status: Rejected.');

    const tooLarge = await postQuery(Buffer.alloc(64 * 1024, 0x30));
    expect(tooLarge.statusCode).toBe(413);
    const wrongType = await postQuery(Buffer.from('{}'), 'application/json');
    expect(wrongType.statusCode).toBe(400);
  });

  it("the TSA's certificate comes from the embedded CA with the critical id-kp-timeStamping EKU", async () => {
    const [tsaCert, root] = fromPem(files.tsaPem, 'CERTIFICATE');
    expect(root).toBeDefined();
    const certFile = join(files.dir, 'tsa-only.pem');
    writeFileSync(
      certFile,
      `-----BEGIN CERTIFICATE-----\n${Buffer.from(tsaCert as Uint8Array).toString('base64')}\n-----END CERTIFICATE-----\n`,
    );
    const text = await runTool('openssl', ['x509', '-in', certFile, '-noout', '-text']);
    expect(text.output).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\s/);
    expect(text.output).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation/);
    expect(text.output).toContain('Issuer: O = Signet, CN = Signet Embedded CA');
    const verified = await runTool('openssl', [
      'verify',
      '-CAfile',
      files.caFile,
      '-purpose',
      'timestampsign',
      certFile,
    ]);
    expect(verified.output).toContain(': OK');
  });

  it('keeps its key wrapped under the KEK and renews key and certificate once the key is past its use', async () => {
    const rows = async () =>
      (
        (await t.context.database.db.execute(
          sql`select id, certificate_pem, wrapped_key, use_until, not_after from rssp.tsa_keys
              order by created_at`,
        )) as unknown as {
          rows: {
            id: string;
            certificate_pem: string;
            wrapped_key: string;
            use_until: string;
            not_after: string;
          }[];
        }
      ).rows;
    const [first, ...others] = await rows();
    expect(others).toEqual([]);
    expect(first).toBeDefined();
    // A KEK-wrapped blob (JSON naming its KEK), never the PKCS#8 key itself.
    expect(JSON.parse(first!.wrapped_key)).toMatchObject({ v: 1, kek: expect.any(String) });
    expect(first!.wrapped_key).not.toContain('MIG');
    const year = 365 * 86_400_000;
    expect(
      new Date(first!.not_after).getTime() - new Date(first!.use_until).getTime(),
    ).toBeGreaterThan(year - 86_400_000);

    await t.context.database.db.execute(
      sql`update rssp.tsa_keys set use_until = now() - interval '1 second'`,
    );
    // Another instance (a client of its own) finds the key used up and makes the next one.
    const client = createTimestampClient(t.context);
    const reply = await client.fetch(buildTimestampRequest(Buffer.from('renewed')));
    const [old, renewed] = await rows();
    expect(renewed).toBeDefined();
    expect(renewed!.id).not.toBe(old!.id);
    expect(renewed!.certificate_pem).not.toBe(old!.certificate_pem);
    const replyFile = join(files.dir, 'renewed.tsr');
    const dataFile = join(files.dir, 'renewed.txt');
    writeFileSync(replyFile, reply);
    writeFileSync(dataFile, 'renewed');
    const newChain = join(files.dir, 'renewed-tsa.pem');
    writeFileSync(newChain, renewed!.certificate_pem);
    const verified = await runTool('openssl', [
      'ts',
      '-verify',
      '-in',
      replyFile,
      '-data',
      dataFile,
      '-CAfile',
      files.caFile,
      '-untrusted',
      newChain,
    ]);
    expect(verified.output).toContain('Verification: OK');
    // Signed by the new key, whose certificate rides in the token.
    const token = derBytes(derChild(readDer(reply), 1));
    const check = verifyTimestampToken(token, Buffer.from('renewed'));
    expect(check).toMatchObject({ imprintMatches: true, signatureValid: true });
    const [renewedDer] = fromPem(renewed!.certificate_pem, 'CERTIFICATE');
    expect(Buffer.from(check.tsaCertificate!.der).equals(Buffer.from(renewedDer!))).toBe(true);
  });
});
