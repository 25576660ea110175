import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readDer } from '@signet/der';
import { parseSignedData } from '../src/cms/cms-signed-data';
import { OID } from '../src/cms/oids';
import { embed, prepare, sign, validate } from '../src/index';
import { rsaSigner, type TestPki } from './support/pki';
import { localTsa, pdfsig, runTool, testPki } from './support/tools';

const corpus = inject('corpus');

describe('PAdES B-T', () => {
  let pki: TestPki;
  let dir: string;
  beforeAll(() => {
    pki = testPki();
    dir = mkdtempSync(join(inject('workDir'), 'timestamp-'));
  });

  it('adds the token of a local openssl TSA and validate verifies it', async () => {
    const tsa = localTsa(pki, dir);
    const pdf = readFileSync(corpus.find((f) => f.name === 'classic-xref')?.path ?? '');
    const before = Date.now();
    const signed = await sign(pdf, rsaSigner(pki, 'rsa2048'), { fetchTimestamp: tsa });
    expect(tsa.calls).toBe(1);
    const report = validate(signed, { trustAnchors: [pki.caDer] });
    const signature = report.signatures[0];
    expect(signature?.valid).toBe(true);
    expect(signature?.timestamp).toMatchObject({ valid: true, trusted: true });
    expect(signature?.timestamp?.tsa).toContain('Signet Test TSA');
    const time = signature?.timestamp?.time?.getTime() ?? 0;
    expect(Math.abs(time - before)).toBeLessThan(120_000);

    // The token is the signatureTimeStampToken unsigned attribute; openssl ts -verify accepts it.
    const [, a, b] = signature?.byteRange as number[];
    const hex = Buffer.from(
      Buffer.from(signed.subarray((a as number) + 1, (b as number) - 1)).toString('latin1'),
      'hex',
    );
    const cms = parseSignedData(hex.subarray(0, readDer(hex).end));
    const info = cms.signerInfos[0];
    const token = info?.unsignedAttributes.get(OID.signatureTimeStampToken)?.[0];
    expect(token).toBeDefined();
    if (!token || !info) return;
    writeFileSync(join(dir, 'token.der'), token.buffer.subarray(token.start, token.end));
    writeFileSync(join(dir, 'signature-value.bin'), info.signature);
    const verified = await runTool('openssl', [
      'ts',
      '-verify',
      '-token_in',
      '-in',
      join(dir, 'token.der'),
      '-data',
      join(dir, 'signature-value.bin'),
      '-CAfile',
      pki.caPem,
    ]);
    expect(verified.stdout + verified.stderr).toMatch(/Verification: OK/);

    writeFileSync(join(dir, 'b-t.pdf'), signed);
    const poppler = await pdfsig(pki, join(dir, 'b-t.pdf'));
    expect(poppler[0]).toMatchObject({ valid: true, trusted: true, total: true });
  });

  it('works in two phases: prepare reserves room, embed fetches the token', async () => {
    const tsa = localTsa(pki, dir);
    const signer = rsaSigner(pki, 'rsa4096');
    const pdf = readFileSync(corpus.find((f) => f.name === 'aes-256')?.path ?? '');
    const prepared = prepare(pdf, {
      certificateChain: signer.certificateChain,
      algorithm: signer.algorithm,
      password: 'user-pw',
      timestamp: true,
    });
    const signed = await embed(prepared, await signer.signHash(prepared.hash), {
      fetchTimestamp: tsa,
    });
    const report = validate(signed, { trustAnchors: [pki.caDer], password: 'user-pw' });
    expect(report.signatures[0]).toMatchObject({
      valid: true,
      chainTrusted: true,
      timestamp: { valid: true, trusted: true },
    });
  });

  it('reports a token that does not belong to the signature', async () => {
    const tsa = localTsa(pki, dir);
    const pdf = readFileSync(corpus.find((f) => f.name === 'xref-stream')?.path ?? '');
    const signed = Buffer.from(await sign(pdf, rsaSigner(pki, 'rsa2048'), { fetchTimestamp: tsa }));
    // Flip a byte of the TSA's signature inside the token (the unsigned part: the document digest holds).
    const report = validate(signed, { trustAnchors: [pki.caDer] });
    const [, a, b] = report.signatures[0]?.byteRange as number[];
    const hex = Buffer.from(
      Buffer.from(signed.subarray((a as number) + 1, (b as number) - 1)).toString('latin1'),
      'hex',
    );
    const cms = parseSignedData(hex.subarray(0, readDer(hex).end));
    const token = cms.signerInfos[0]?.unsignedAttributes.get(OID.signatureTimeStampToken)?.[0];
    const hexPos = (a as number) + 1 + ((token?.end ?? 0) - 5) * 2;
    signed[hexPos] = signed[hexPos] === 0x30 ? 0x31 : 0x30;
    const tampered = validate(signed, { trustAnchors: [pki.caDer] }).signatures[0];
    expect(tampered?.digestMatches).toBe(true);
    expect(tampered?.timestamp?.valid).toBe(false);
  });
});
