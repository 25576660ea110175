import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { p256 } from '@noble/curves/nist.js';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  embed,
  prepare,
  prepareBatch,
  prepareIncrement,
  signatureDigestTail,
  signIncrement,
  validate,
  withDocumentDigest,
  type PreparedState,
  type SignatureReport,
} from '../src/index';
import { normalizeEcdsaSignature } from '../src/cms/cms-signed-data';
import { ecSigner, rsaPssSigner, rsaSigner, type TestPki } from './support/pki';
import { opensslCmsVerify, pdfsig, testPki } from './support/tools';

const execFileAsync = promisify(execFile);
const corpus = inject('corpus');
const corpusFile = (name: string): Buffer =>
  readFileSync(corpus.find((f) => f.name === name)?.path ?? '');

describe('two phases', () => {
  let pki: TestPki;
  let dir: string;
  beforeAll(() => {
    pki = testPki();
    dir = mkdtempSync(join(inject('workDir'), 'two-phase-'));
  });

  it('prepares here, embeds in another process from the stored bytes, and the result validates', async () => {
    const signer = ecSigner(pki);
    const prepared = prepare(corpusFile('xref-stream'), {
      certificateChain: signer.certificateChain,
      algorithm: signer.algorithm,
      appearance: {
        page: 2,
        originX: 300,
        originY: 100,
        width: 200,
        height: 50,
        textLines: ['Bob', 'remote signing'],
      },
    });
    expect(prepared.hash).toHaveLength(32);
    // Stored as bytes + JSON, as the services do between requests.
    const json = JSON.stringify(prepared.state);
    expect(json.length).toBeLessThan(8000);
    writeFileSync(join(dir, 'prepared.pdf'), prepared.pdf);
    writeFileSync(join(dir, 'state.json'), json);
    // The key holder signs the hash (CSC signHash) — here @noble/curves over the precomputed digest.
    writeFileSync(join(dir, 'signature.bin'), await signer.signHash(prepared.hash));

    const { stdout } = await execFileAsync(
      'npx',
      [
        'tsx',
        join(import.meta.dirname, 'support/embed-cli.ts'),
        join(dir, 'prepared.pdf'),
        join(dir, 'state.json'),
        join(dir, 'signature.bin'),
        join(dir, 'two-phase.pdf'),
      ],
      { cwd: join(import.meta.dirname, '..') },
    );
    expect(stdout).toMatch(/embedded \d+ bytes in process \d+/);
    expect(stdout).not.toContain(`process ${process.pid}`);

    const signed = readFileSync(join(dir, 'two-phase.pdf'));
    const report = validate(signed, { trustAnchors: [pki.caDer] });
    expect(report.signatures).toHaveLength(1);
    expect(report.signatures[0]).toMatchObject({
      valid: true,
      chainTrusted: true,
      coversWholeDocument: true,
      algorithm: 'ECDSA',
      // The widget's page, as the placement asked.
      page: 2,
    });
    const poppler = await pdfsig(pki, join(dir, 'two-phase.pdf'));
    expect(poppler[0]).toMatchObject({ valid: true, trusted: true, total: true });
  });

  it('prepares a batch and returns one hash per document', async () => {
    const signer = rsaSigner(pki, 'rsa2048');
    const { prepared, hashes } = prepareBatch(
      [
        { pdf: corpusFile('classic-xref') },
        { pdf: corpusFile('xref-stream') },
        { pdf: corpusFile('aes-256'), options: { password: 'user-pw' } },
      ],
      { certificateChain: signer.certificateChain, algorithm: signer.algorithm },
    );
    expect(hashes).toHaveLength(3);
    expect(new Set(hashes.map((h) => Buffer.from(h).toString('hex'))).size).toBe(3);
    for (const [i, item] of prepared.entries()) {
      const signed = await embed(item, await signer.signHash(hashes[i] as Uint8Array));
      const report = validate(signed, {
        trustAnchors: [pki.caDer],
        password: i === 2 ? 'user-pw' : undefined,
      });
      expect(report.signatures[0]?.valid).toBe(true);
    }
  });

  it('assembles RSA-PSS and accepts DER or raw r‖s from ECDSA signers', async () => {
    const pss = rsaPssSigner(pki, 'rsa2048');
    const prepared = prepare(corpusFile('classic-xref'), {
      certificateChain: pss.certificateChain,
      algorithm: 'RSA_PSS',
    });
    const signed = await embed(prepared, await pss.signHash(prepared.hash));
    const report = validate(signed, { trustAnchors: [pki.caDer] });
    expect(report.signatures[0]).toMatchObject({
      valid: true,
      chainTrusted: true,
      algorithm: 'RSA_PSS',
    });
    const verified = await opensslCmsVerify(
      pki,
      signed,
      report.signatures[0] as SignatureReport,
      dir,
      'pss',
    );
    expect(verified.output).toMatch(/Verification successful/);

    const raw = p256.sign(new Uint8Array(32).fill(7), p256.utils.randomSecretKey(), {
      prehash: false,
    });
    const der = normalizeEcdsaSignature(raw);
    expect(der[0]).toBe(0x30);
    expect(normalizeEcdsaSignature(der)).toBe(der);
  });

  it('signIncrement returns only the appended update; original + update validates', async () => {
    const original = corpusFile('100-pages');
    const increment = await signIncrement(original, rsaSigner(pki, 'rsa2048'), {
      appearance: { page: 100, width: 120, height: 40, textLines: ['Alice'] },
    });
    expect(increment.length).toBeLessThan(20_000);
    const signed = Buffer.concat([original, increment]);
    writeFileSync(join(dir, 'increment.pdf'), signed);
    expect(validate(signed, { trustAnchors: [pki.caDer] }).signatures[0]).toMatchObject({
      valid: true,
      coversWholeDocument: true,
    });
    const poppler = await pdfsig(pki, join(dir, 'increment.pdf'));
    expect(poppler[0]).toMatchObject({ valid: true, trusted: true, total: true });

    // Two phases on an increment: embed recognises it from the state.
    const signer = ecSigner(pki);
    const prepared = prepareIncrement(signed, {
      certificateChain: signer.certificateChain,
      algorithm: 'ECDSA',
    });
    const second = await embed(prepared, await signer.signHash(prepared.hash));
    const report = validate(Buffer.concat([signed, second]), { trustAnchors: [pki.caDer] });
    expect(report.signatures.map((s) => s.valid && !s.modifiedAfterSigning)).toEqual([true, true]);
  });

  it("an increment prepared unhashed, completed from the caller's own hash of the document, signs the same as a hashed one", async () => {
    const signer = rsaSigner(pki, 'rsa2048');
    const original = corpusFile('xref-stream');
    const options = {
      certificateChain: signer.certificateChain,
      algorithm: signer.algorithm,
      signingTime: new Date('2026-11-27T10:00:00Z'),
      appearance: { page: 1, width: 120, height: 40, textLines: ['Alice'] },
    };
    const unhashed = prepareIncrement(original, { ...options, hashDocument: false });
    expect(unhashed.hash).toHaveLength(0);
    // The caller's hash of the document (signing hashes a large revision while reading it).
    const hash = createHash('sha256').update(original);
    for (const part of signatureDigestTail(unhashed)) hash.update(part);
    const prepared = withDocumentDigest(unhashed, hash.digest());
    const hashed = prepareIncrement(original, options);
    expect(Buffer.from(prepared.pdf).equals(Buffer.from(hashed.pdf))).toBe(true);
    expect(Buffer.from(prepared.hash).equals(Buffer.from(hashed.hash))).toBe(true);
    expect(prepared.state).toEqual(hashed.state);

    const signed = Buffer.concat([
      original,
      await embed(prepared, await signer.signHash(prepared.hash)),
    ]);
    writeFileSync(join(dir, 'unhashed.pdf'), signed);
    expect(validate(signed, { trustAnchors: [pki.caDer] }).signatures[0]).toMatchObject({
      valid: true,
      coversWholeDocument: true,
    });
    expect((await pdfsig(pki, join(dir, 'unhashed.pdf')))[0]).toMatchObject({
      valid: true,
      trusted: true,
    });
    // A whole document is always hashed: only an increment leaves the hash to its caller.
    expect(() => prepare(original, { ...options, hashDocument: false })).toThrow(/increment/);
  });

  it('keeps the state JSON-serialisable', () => {
    const signer = rsaSigner(pki, 'rsa2048');
    const { state } = prepare(corpusFile('classic-xref'), {
      certificateChain: signer.certificateChain,
      algorithm: signer.algorithm,
    });
    const copy = JSON.parse(JSON.stringify(state)) as PreparedState;
    expect(copy).toEqual(state);
  });
});
