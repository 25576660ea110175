import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { embed, prepare, sign, validate, PdfError } from '../src/index';
import { PdfFile } from '../src/pdf/pdf-file';
import type { PdfRef } from '../src/pdf/pdf-objects';
import { makeSignaturePng } from './support/images';
import { ecSigner, rsaSigner, type TestPki } from './support/pki';
import { testPki } from './support/tools';

const corpus = inject('corpus');
const file = (name: string): Buffer =>
  readFileSync(corpus.find((f) => f.name === name)?.path ?? '');

describe('typed errors for bad input', () => {
  let pki: TestPki;
  beforeAll(() => {
    pki = testPki();
  });

  const expectCode = async (action: () => unknown, code: string): Promise<void> => {
    let caught: unknown;
    try {
      await action();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PdfError);
    expect((caught as PdfError).code).toBe(code);
  };

  it('an empty file is NOT_A_PDF', async () => {
    await expectCode(() => sign(new Uint8Array(0), rsaSigner(pki, 'rsa2048')), 'NOT_A_PDF');
    await expectCode(() => validate(new Uint8Array(0), { trustAnchors: [] }), 'NOT_A_PDF');
  });

  it('a PNG named .pdf is NOT_A_PDF', async () => {
    const path = join(mkdtempSync(join(inject('workDir'), 'bad-input-')), 'contract.pdf');
    writeFileSync(path, makeSignaturePng());
    await expectCode(() => sign(readFileSync(path), rsaSigner(pki, 'rsa2048')), 'NOT_A_PDF');
    await expectCode(() => validate(readFileSync(path), { trustAnchors: [] }), 'NOT_A_PDF');
  });

  it('a truncated PDF is DAMAGED_PDF', async () => {
    for (const name of ['classic-xref', 'xref-stream']) {
      const pdf = file(name);
      await expectCode(
        () => sign(pdf.subarray(0, Math.floor(pdf.length / 2)), rsaSigner(pki, 'rsa2048')),
        'DAMAGED_PDF',
      );
      await expectCode(
        () => validate(pdf.subarray(0, pdf.length - 600), { trustAnchors: [] }),
        'DAMAGED_PDF',
      );
    }
  });

  it('a file whose offsets are all wrong is repaired as viewers do, not refused', async () => {
    const pdf = file('classic-xref');
    const eol = pdf.indexOf(0x0a) + 1;
    const shifted = Buffer.concat([
      pdf.subarray(0, eol),
      Buffer.from('% 36 bytes that move every object\n'),
      pdf.subarray(eol),
    ]);
    const signed = await sign(shifted, rsaSigner(pki, 'rsa2048'), {
      appearance: { width: 100, height: 30, textLines: ['A'] },
    });
    expect(validate(signed, { trustAnchors: [pki.caDer] }).signatures[0]).toMatchObject({
      valid: true,
      chainTrusted: true,
    });
  });

  it('an encrypted file whose last update dropped /ID opens with the /ID of an older trailer', async () => {
    // RC4 keys are derived from the first /ID: without it the right password would be refused.
    const original = file('rc4-128');
    const before = new PdfFile(original, 'user-pw');
    const [root, encrypt] = [before.trailer.get('Root'), before.trailer.get('Encrypt')] as PdfRef[];
    const size = before.size;
    const objectAt = original.length;
    const object = `${size} 0 obj\n<<>>\nendobj\n`;
    const xrefAt = objectAt + object.length;
    const update =
      object +
      `xref\n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n` +
      `trailer\n<</Size ${size + 1}/Root ${root?.num} 0 R/Encrypt ${encrypt?.num} 0 R` +
      `/Prev ${before.sections[0]?.offset}>>\nstartxref\n${xrefAt}\n%%EOF\n`;
    const withoutId = Buffer.concat([original, Buffer.from(update, 'latin1')]);

    const signed = await sign(withoutId, rsaSigner(pki, 'rsa2048'), { password: 'user-pw' });
    const report = validate(signed, { trustAnchors: [pki.caDer], password: 'user-pw' });
    expect(report.signatures).toHaveLength(1);
    expect(report.signatures[0]).toMatchObject({ valid: true, chainTrusted: true });
    // The signature's own update carries the /ID again.
    expect(new PdfFile(signed, 'user-pw').sections[0]?.trailer.get('ID')).toHaveLength(2);
  });

  it('a wrong or missing password is WRONG_PASSWORD', async () => {
    for (const name of ['aes-256', 'aes-128', 'rc4-128']) {
      await expectCode(
        () => sign(file(name), rsaSigner(pki, 'rsa2048'), { password: 'nope' }),
        'WRONG_PASSWORD',
      );
      await expectCode(() => sign(file(name), rsaSigner(pki, 'rsa2048')), 'WRONG_PASSWORD');
    }
    await expectCode(
      () => validate(file('aes-256'), { trustAnchors: [], password: 'nope' }),
      'WRONG_PASSWORD',
    );
  });

  it('a signature from another key is CERTIFICATE_MISMATCH', async () => {
    const alice = rsaSigner(pki, 'rsa2048');
    const carol = rsaSigner(pki, 'rsa4096');
    await expectCode(
      () => sign(file('classic-xref'), { ...alice, signHash: carol.signHash }),
      'CERTIFICATE_MISMATCH',
    );
    await expectCode(
      () =>
        prepare(file('classic-xref'), {
          certificateChain: ecSigner(pki).certificateChain,
          algorithm: 'RSA_PKCS1',
        }),
      'CERTIFICATE_MISMATCH',
    );
  });

  it('a CMS larger than the placeholder is PLACEHOLDER_TOO_SMALL', async () => {
    const alice = rsaSigner(pki, 'rsa2048');
    const prepared = prepare(file('classic-xref'), {
      certificateChain: alice.certificateChain,
      algorithm: alice.algorithm,
      placeholderSize: 600,
    });
    await expectCode(
      async () => embed(prepared, await alice.signHash(prepared.hash)),
      'PLACEHOLDER_TOO_SMALL',
    );
  });

  it('embedding twice or into other bytes is INVALID_PREPARED_STATE', async () => {
    const alice = rsaSigner(pki, 'rsa2048');
    const prepared = prepare(file('classic-xref'), {
      certificateChain: alice.certificateChain,
      algorithm: alice.algorithm,
    });
    const signature = await alice.signHash(prepared.hash);
    const signed = await embed(prepared, signature);
    await expectCode(
      () => embed({ pdf: signed, state: prepared.state }, signature),
      'INVALID_PREPARED_STATE',
    );
    await expectCode(
      () => embed({ pdf: file('classic-xref'), state: prepared.state }, signature),
      'INVALID_PREPARED_STATE',
    );
  });

  it('a document certified with "no changes allowed" is DOCUMENT_LOCKED; P=2 may be signed', async () => {
    for (const permission of [1, 2]) {
      const doc = await PDFDocument.load(file('classic-xref'));
      const reference = doc.context.obj({
        Type: 'SigRef',
        TransformMethod: 'DocMDP',
        TransformParams: { Type: 'TransformParams', P: permission, V: '1.2' },
      });
      const certification = doc.context.register(
        doc.context.obj({ Type: 'Sig', Reference: [reference] }),
      );
      doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: certification }));
      const certified = await doc.save({ useObjectStreams: false });
      if (permission === 1)
        await expectCode(() => sign(certified, rsaSigner(pki, 'rsa2048')), 'DOCUMENT_LOCKED');
      else
        expect((await sign(certified, rsaSigner(pki, 'rsa2048'))).length).toBeGreaterThan(
          certified.length,
        );
    }
  });

  it('options outside the document are INVALID_OPTIONS, images must be PNG or JPEG', async () => {
    const alice = rsaSigner(pki, 'rsa2048');
    await expectCode(
      () => sign(file('classic-xref'), alice, { appearance: { page: 9, width: 10, height: 10 } }),
      'INVALID_OPTIONS',
    );
    await expectCode(
      () =>
        sign(file('classic-xref'), alice, {
          appearance: { width: 10, height: 10, image: Buffer.from('GIF89a') },
        }),
      'INVALID_IMAGE',
    );
    await expectCode(
      () => sign(file('acroform'), alice, { fieldName: 'accept' }),
      'INVALID_OPTIONS',
    );
  });
});
