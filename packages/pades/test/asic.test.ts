import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ZipFile } from 'yazl';
import {
  ASIC_E_MIMETYPE,
  asicManifestName,
  asicSignatureName,
  buildAsic,
  buildAsicManifest,
  embedAsicSignature,
  parseAsicManifest,
  prepareAsicSignature,
  readAsic,
  validateAsic,
  type AsicSignaturePart,
  type Signer,
} from '../src/index';
import { ecSigner, rsaSigner, type TestPki } from './support/pki';
import { localTsa, runTool, testPki } from './support/tools';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

const documents = [
  { name: 'contract.pdf', bytes: Buffer.from('%PDF-1.7 first document\n%%EOF\n') },
  { name: 'annex & terms (2).pdf', bytes: Buffer.from('%PDF-1.7 second document\n%%EOF\n') },
];

/** One signer's part, made in two phases as the server makes it. */
async function signPart(
  signer: Signer,
  n: number,
  docs: typeof documents,
  fetchTimestamp?: Parameters<typeof embedAsicSignature>[2] extends infer O
    ? O extends { fetchTimestamp?: infer F }
      ? F
      : never
    : never,
): Promise<AsicSignaturePart> {
  const manifest = buildAsicManifest({
    signatureName: asicSignatureName(n),
    references: docs.map((d) => ({ name: d.name, digest: sha256(d.bytes) })),
  });
  const prepared = prepareAsicSignature(manifest, {
    certificateChain: signer.certificateChain,
    algorithm: signer.algorithm,
    signingTime: new Date(),
  });
  const value = await signer.signHash(prepared.hash);
  const signature = await embedAsicSignature(prepared, value, { fetchTimestamp });
  return { manifest, signature };
}

async function zipOf(entries: { name: string; bytes: Uint8Array; compress?: boolean }[]) {
  const zip = new ZipFile();
  for (const e of entries)
    zip.addBuffer(Buffer.from(e.bytes), e.name, { compress: e.compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('ASiC-E containers', () => {
  let pki: TestPki;
  let dir: string;
  beforeAll(() => {
    pki = testPki();
    dir = mkdtempSync(join(inject('workDir'), 'asic-'));
  });

  it('two signers: stored mimetype first, each p7s verifies with openssl over its manifest', async () => {
    const tsa = localTsa(pki, dir);
    const first = await signPart(rsaSigner(pki, 'rsa2048'), 1, documents, tsa);
    const second = await signPart(ecSigner(pki), 2, documents);
    const asic = Buffer.from(await buildAsic({ documents, signatures: [first, second] }));
    // The local header of the first entry: stored (method 0), no extra field, name then content.
    expect(asic.readUInt32LE(0)).toBe(0x04034b50);
    expect(asic.readUInt16LE(8)).toBe(0);
    expect(asic.readUInt16LE(28)).toBe(0);
    expect(asic.subarray(30, 38).toString('latin1')).toBe('mimetype');
    expect(asic.subarray(38, 38 + ASIC_E_MIMETYPE.length).toString('latin1')).toBe(ASIC_E_MIMETYPE);

    const entries = await readAsic(asic);
    expect(entries.names).toEqual([
      'mimetype',
      ...documents.map((d) => d.name),
      asicManifestName(1),
      asicSignatureName(1),
      asicManifestName(2),
      asicSignatureName(2),
    ]);
    for (const [n, part] of [first, second].entries()) {
      const manifestPath = join(dir, `manifest${n}.xml`);
      const p7sPath = join(dir, `signature${n}.p7s`);
      writeFileSync(manifestPath, part.manifest);
      writeFileSync(p7sPath, part.signature);
      const verified = await runTool('openssl', [
        'cms',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        p7sPath,
        '-content',
        manifestPath,
        '-CAfile',
        pki.caPem,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]);
      expect(verified.stderr).toContain('Verification successful');
      const parsed = parseAsicManifest(part.manifest);
      expect(parsed.sigReference).toBe(asicSignatureName(n + 1));
      expect(parsed.references.map((r) => r.name)).toEqual(documents.map((d) => d.name));
      for (const [i, reference] of parsed.references.entries()) {
        expect(reference.digest).toEqual(sha256(documents[i]!.bytes));
      }
    }

    const report = await validateAsic(asic, { trustAnchors: [pki.caDer] });
    expect(report.problems).toEqual([]);
    expect(report.mimetypeValid).toBe(true);
    expect(report.uncovered).toEqual([]);
    expect(report.signatures.map((s) => [s.valid, s.chainTrusted, s.level])).toEqual([
      [true, true, 'B-T'],
      [true, true, 'B-B'],
    ]);
    expect(report.signatures[0]?.timestamp).toMatchObject({ valid: true, trusted: true });
    expect(report.signatures[1]?.signingTime).toBeInstanceOf(Date);
  });

  it('flags a changed document, a changed manifest, an uncovered document and a foreign root', async () => {
    const part = await signPart(rsaSigner(pki, 'rsa2048'), 1, documents);
    const changed = [documents[0]!, { ...documents[1]!, bytes: Buffer.from('%PDF-1.7 swapped\n') }];
    const tampered = await validateAsic(
      await buildAsic({ documents: changed, signatures: [part] }),
      {
        trustAnchors: [pki.caDer],
      },
    );
    expect(tampered.signatures[0]?.valid).toBe(false);
    expect(tampered.signatures[0]?.problems).toContain(
      `${documents[1]!.name} was changed after signing`,
    );
    expect(tampered.uncovered).toEqual(documents.map((d) => d.name));

    const manifest = Buffer.from(part.manifest);
    manifest[manifest.length - 3] = (manifest[manifest.length - 3] as number) ^ 1;
    const edited = await validateAsic(
      await buildAsic({ documents, signatures: [{ ...part, manifest }] }),
      { trustAnchors: [pki.caDer] },
    );
    expect(edited.signatures[0]).toMatchObject({ digestMatches: false, valid: false });

    const only = await signPart(rsaSigner(pki, 'rsa2048'), 1, documents.slice(0, 1));
    const partial = await validateAsic(await buildAsic({ documents, signatures: [only] }), {
      trustAnchors: [pki.caDer],
    });
    expect(partial.signatures[0]?.valid).toBe(true);
    expect(partial.uncovered).toEqual([documents[1]!.name]);

    const foreign = await validateAsic(await buildAsic({ documents, signatures: [part] }), {
      trustAnchors: [],
    });
    expect(foreign.signatures[0]).toMatchObject({ valid: true, chainTrusted: false });
  });

  it('refuses what is not a container and stays within its budgets', async () => {
    await expect(validateAsic(Buffer.from('%PDF-1.7'), { trustAnchors: [] })).rejects.toMatchObject(
      {
        code: 'NOT_A_CONTAINER',
      },
    );
    const deflated = await zipOf([
      { name: 'mimetype', bytes: Buffer.from(ASIC_E_MIMETYPE) },
      { name: 'a.pdf', bytes: Buffer.alloc(4 * 1024 * 1024) },
    ]);
    const report = await validateAsic(deflated, { trustAnchors: [] });
    expect(report.mimetypeValid).toBe(false);
    expect(report.problems).toContain('the container holds no signature');
    await expect(readAsic(deflated, { maxInflatedBytes: 1024 * 1024 })).rejects.toMatchObject({
      code: 'TOO_COMPLEX',
    });
    await expect(readAsic(deflated, { maxEntries: 1 })).rejects.toMatchObject({
      code: 'TOO_COMPLEX',
    });
    expect(() =>
      buildAsicManifest({
        signatureName: 'x',
        references: [{ name: '../a.pdf', digest: sha256(Buffer.alloc(0)) }],
      }),
    ).toThrow(/not a document name/);
    expect(() =>
      parseAsicManifest(Buffer.from('<!DOCTYPE x [<!ENTITY a "b">]><ASiCManifest/>')),
    ).toThrow();
  });
});
