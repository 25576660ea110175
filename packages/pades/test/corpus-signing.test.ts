import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sign, validate, type Signer } from '../src/index';
import { makeSignaturePng } from './support/images';
import { ecSigner, rsaSigner, type TestPki } from './support/pki';
import { opensslCmsVerify, pdfsig, qpdfCheck, runTool, testPki } from './support/tools';

const corpus = inject('corpus');

describe('three signers in sequence on every corpus file', () => {
  let pki: TestPki;
  let dir: string;
  let png: Buffer;
  let jpeg: Buffer;
  let signers: Signer[];

  beforeAll(async () => {
    pki = testPki();
    dir = mkdtempSync(join(inject('workDir'), 'corpus-signing-'));
    png = makeSignaturePng();
    // A real JPEG, rendered by poppler from a corpus page.
    const classic = corpus.find((file) => file.name === 'classic-xref');
    await runTool('pdftoppm', [
      '-jpeg',
      '-r',
      '12',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      classic?.path ?? '',
      join(dir, 'page'),
    ]);
    jpeg = readFileSync(join(dir, 'page.jpg'));
    signers = [rsaSigner(pki, 'rsa2048'), ecSigner(pki), rsaSigner(pki, 'rsa4096')];
  });

  for (const file of corpus) {
    it(`${file.name}: pdfsig, qpdf, openssl cms and validate agree; revisions are prefixes`, async () => {
      const original = readFileSync(file.path);
      const pages = [1, Math.min(2, file.pages), file.pages === 100 ? 100 : 3];
      const revisions: Uint8Array[] = [original];
      let current: Uint8Array = original;
      for (const [index, signer] of signers.entries()) {
        current = await sign(current, signer, {
          password: file.password,
          reason: 'I approve this document',
          location: 'Ljubljana',
          appearance: {
            page: pages[index],
            originX: 40 + index * 10,
            originY: 40,
            width: 220,
            height: 70,
            image: index === 0 ? png : index === 1 ? jpeg : undefined,
            textLines: [
              `Signer ${index + 1}`,
              '2026-11-21 10:00 UTC',
              'Reason: approval',
              ...(index === 2 ? ['for: ACME d.o.o.'] : []),
            ],
          },
        });
        revisions.push(current);
      }
      const out = join(dir, `${file.name}-signed.pdf`);
      writeFileSync(out, current);

      // Every earlier revision is a byte-identical prefix.
      for (const earlier of revisions.slice(0, -1)) {
        expect(
          Buffer.compare(Buffer.from(current.subarray(0, earlier.length)), Buffer.from(earlier)),
        ).toBe(0);
      }

      const poppler = await pdfsig(
        pki,
        out,
        file.password === 'owner-pw' ? 'user-pw' : file.password,
      );
      const existing = file.name === 'already-signed' ? 1 : 0;
      expect(poppler).toHaveLength(existing + 3);
      for (const signature of poppler) {
        expect(signature.validation).toBe('Signature is Valid.');
        expect(signature.certificate).toBe('Certificate is Trusted.');
      }
      expect(poppler.map((s) => s.total)).toEqual([...Array(existing + 2).fill(false), true]);

      const check = await qpdfCheck(out, file.password);
      expect(check.code, check.output).toBe(0);
      expect(check.output).toMatch(/No syntax or stream encoding errors found/);

      const report = validate(current, { trustAnchors: [pki.caDer], password: file.password });
      expect(report.signatures).toHaveLength(existing + 3);
      report.signatures.forEach((signature, i) => {
        const reference = poppler[i];
        expect(signature.valid, signature.problems.join('; ')).toBe(reference?.valid);
        expect(signature.chainTrusted).toBe(reference?.trusted);
        expect(signature.coversWholeDocument).toBe(reference?.total);
        expect(signature.modifiedAfterSigning).toBe(false);
        expect(signature.certificateValidAtSigningTime).toBe(true);
        expect(signature.flags).toEqual({
          universalSignatureForgery: false,
          incrementalSavingAttack: false,
          signatureWrappingAttack: false,
          shadowAttack: false,
        });
      });
      expect(report.signatures.slice(existing).map((s) => s.algorithm)).toEqual([
        'RSA_PKCS1',
        'ECDSA',
        'RSA_PKCS1',
      ]);

      for (const [i, signature] of report.signatures.entries()) {
        const verified = await opensslCmsVerify(pki, current, signature, dir, `${file.name}-${i}`);
        expect(verified.output).toMatch(/Verification successful/);
        expect(verified.code).toBe(0);
      }
    });
  }

  it('renders the visible appearance with poppler', async () => {
    const file = corpus.find((f) => f.name === 'classic-xref');
    const signed = await sign(readFileSync(file?.path ?? ''), signers[0] as Signer, {
      appearance: {
        page: 1,
        originX: 0,
        originY: 0,
        width: 300,
        height: 120,
        textLines: ['Alice'],
        backgroundColor: [1, 0.9, 0.2],
      },
    });
    const out = join(dir, 'render.pdf');
    writeFileSync(out, signed);
    await runTool('pdftoppm', [
      '-png',
      '-r',
      '18',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      '-gray',
      out,
      join(dir, 'render'),
    ]);
    const image = readFileSync(join(dir, 'render.png'));
    expect(image.length).toBeGreaterThan(100);
    // The bottom-left corner, where the yellow box is, is not white any more.
    const { inflateSync } = await import('node:zlib');
    const idat: Buffer[] = [];
    let pos = 8;
    let width = 0;
    let height = 0;
    while (pos < image.length) {
      const length = image.readUInt32BE(pos);
      const type = image.toString('latin1', pos + 4, pos + 8);
      if (type === 'IHDR') {
        width = image.readUInt32BE(pos + 8);
        height = image.readUInt32BE(pos + 12);
      }
      if (type === 'IDAT') idat.push(image.subarray(pos + 8, pos + 8 + length));
      pos += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const row = height - 3;
    const pixel = raw[row * (width + 1) + 1 + 3];
    expect(pixel).toBeLessThan(250);
  });
});
