import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { buildSignedAttributes, buildSignedData } from '../src/cms/cms-signed-data';
import { IncrementalUpdate } from '../src/pdf/incremental-update';
import { prepare, sign, validate, type PreparedSignature, type Signer } from '../src/index';
import { PdfFile } from '../src/pdf/pdf-file';
import { PdfDict, PdfName, PdfRef } from '../src/pdf/pdf-objects';
import { findPage } from '../src/pdf/pdf-structure';
import { parseCertificate } from '@signet/der';
import { rsaSigner, type TestPki } from './support/pki';
import { pdfsig, testPki } from './support/tools';

const corpus = inject('corpus');
const file = (name: string): Buffer =>
  readFileSync(corpus.find((f) => f.name === name)?.path ?? '');

/** Signs a prepared file over byte ranges chosen by the attacker, so the CMS itself is valid. */
async function signOverRanges(
  prepared: PreparedSignature,
  signer: Signer,
  ranges: [number, number, number, number],
): Promise<Buffer> {
  const pdf = Buffer.from(prepared.pdf);
  const at = pdf.indexOf('/ByteRange[', 0, 'latin1') + '/ByteRange'.length;
  pdf.write(`[${ranges.join(' ')}`.padEnd(35, ' ') + ']', at, 'latin1');
  const hash = createHash('sha256');
  hash.update(pdf.subarray(ranges[0], ranges[0] + ranges[1]));
  hash.update(pdf.subarray(ranges[2], ranges[2] + ranges[3]));
  const certificate = parseCertificate(signer.certificateChain[0] as Uint8Array);
  const attributes = buildSignedAttributes(hash.digest(), certificate);
  const signature = await signer.signHash(createHash('sha256').update(attributes).digest());
  const cms = buildSignedData({
    certificates: signer.certificateChain,
    signerCertificate: certificate,
    signedAttributes: attributes,
    algorithm: signer.algorithm,
    signature,
  });
  pdf.write(Buffer.from(cms).toString('hex'), prepared.state.contentsOffset + 1, 'latin1');
  return pdf;
}

/** Appends a hand-made incremental update to `pdf`. */
function appendUpdate(
  pdf: Uint8Array,
  change: (file: PdfFile, update: IncrementalUpdate) => void,
): Buffer {
  const pdfFile = new PdfFile(pdf);
  const update = new IncrementalUpdate(pdfFile);
  change(pdfFile, update);
  return Buffer.concat([pdf, update.finish()]);
}

describe('tampering and PDF-Insecurity attack classes', () => {
  let pki: TestPki;
  let alice: Signer;
  let dir: string;
  let signed: Buffer;
  beforeAll(async () => {
    pki = testPki();
    alice = rsaSigner(pki, 'rsa2048');
    dir = mkdtempSync(join(inject('workDir'), 'attacks-'));
    signed = Buffer.from(
      await sign(file('classic-xref'), alice, {
        appearance: { page: 1, width: 150, height: 40, textLines: ['Alice'] },
      }),
    );
  });
  const check = (pdf: Uint8Array) => validate(pdf, { trustAnchors: [pki.caDer] }).signatures[0];

  it('a flipped byte inside a signed range is reported by pdfsig and validate', async () => {
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('842', 0, 'latin1');
    expect(at).toBeGreaterThan(0);
    tampered[at + 2] = 0x33; // MediaBox height 842 -> 843
    writeFileSync(join(dir, 'tampered.pdf'), tampered);
    const poppler = await pdfsig(pki, join(dir, 'tampered.pdf'));
    expect(poppler[0]?.valid).toBe(false);
    expect(poppler[0]?.validation).toMatch(/Digest Mismatch|Invalid/);
    const report = check(tampered);
    expect(report?.digestMatches).toBe(false);
    expect(report?.valid).toBe(false);
  });

  describe('Universal Signature Forgery', () => {
    it('flags an empty /Contents (a placeholder never filled)', () => {
      const prepared = prepare(file('classic-xref'), {
        certificateChain: alice.certificateChain,
        algorithm: alice.algorithm,
      });
      const report = check(prepared.pdf);
      expect(report?.flags.universalSignatureForgery).toBe(true);
      expect(report?.valid).toBe(false);
    });

    it('flags a missing /ByteRange and a missing /Contents', () => {
      for (const [key, replacement] of [
        ['/ByteRange[', '/ByteRangX['],
        ['/Contents<', '/Contentz<'],
      ] as const) {
        const forged = Buffer.from(signed);
        forged.write(replacement, forged.lastIndexOf(key, undefined, 'latin1'), 'latin1');
        const report = check(forged);
        expect(report?.flags.universalSignatureForgery, key).toBe(true);
        expect(report?.valid).toBe(false);
      }
    });

    it('flags a /ByteRange that covers nothing', () => {
      const forged = Buffer.from(signed);
      const at = forged.lastIndexOf('/ByteRange[', undefined, 'latin1') + '/ByteRange'.length;
      forged.write('[0 0 0 0'.padEnd(35, ' ') + ']', at, 'latin1');
      expect(check(forged)?.flags.universalSignatureForgery).toBe(true);
    });
  });

  describe('Incremental Saving Attack', () => {
    it('flags an update that changes the page content, while the signature itself stays intact', async () => {
      const attacked = appendUpdate(signed, (pdfFile, update) => {
        const page = findPage(pdfFile, 0);
        const contentRef = update.allocate();
        update.writeStream(
          contentRef,
          new PdfDict(),
          Buffer.from('q 1 0 0 rg 100 400 250 60 re f Q', 'latin1'),
        );
        const contents = page.dict.get('Contents');
        const list = Array.isArray(contents)
          ? contents
          : contents instanceof PdfRef
            ? [contents]
            : [];
        update.writeObject(
          page.ref,
          new PdfDict(page.dict.map).set('Contents', [...list, contentRef]),
        );
      });
      writeFileSync(join(dir, 'isa-content.pdf'), attacked);
      const poppler = await pdfsig(pki, join(dir, 'isa-content.pdf'));
      expect(poppler[0]).toMatchObject({ valid: true, total: false });
      const report = check(attacked);
      expect(report).toMatchObject({
        valid: true,
        digestMatches: true,
        coversWholeDocument: false,
        modifiedAfterSigning: true,
      });
      expect(report?.flags.incrementalSavingAttack).toBe(true);
      expect(report?.subsequentUpdates[0]?.modifications.join()).toMatch(/Contents/);
      // The signed bytes are intact and the page draws something else: a shadow attack.
      expect(report?.subsequentUpdates[0]?.changesContent).toBe(true);
      expect(report?.flags.shadowAttack).toBe(true);
    });

    it('names a shadow attack that replaces an object the page draws (hide-and-replace)', () => {
      const attacked = appendUpdate(signed, (pdfFile, update) => {
        const page = findPage(pdfFile, 0);
        const contents = page.dict.get('Contents');
        const first = Array.isArray(contents) ? contents[0] : contents;
        if (!(first instanceof PdfRef)) throw new Error('the page has no content stream');
        update.writeStream(first, new PdfDict(), Buffer.from('BT ET', 'latin1'));
      });
      const report = check(attacked);
      expect(report?.digestMatches).toBe(true);
      expect(report?.flags).toMatchObject({ incrementalSavingAttack: true, shadowAttack: true });
    });

    it('a catalogue change that draws nothing is an ISA but no shadow attack', () => {
      const attacked = appendUpdate(signed, (pdfFile, update) => {
        const rootRef = pdfFile.trailer.get('Root') as PdfRef;
        const root = pdfFile.resolveDict(rootRef) ?? new PdfDict();
        update.writeObject(rootRef, new PdfDict(root.map).set('PageMode', new PdfName('UseNone')));
      });
      const report = check(attacked);
      expect(report?.flags).toMatchObject({ incrementalSavingAttack: true, shadowAttack: false });
      expect(report?.subsequentUpdates[0]?.changesContent).toBe(false);
    });

    it('flags a new non-signature annotation over the content', () => {
      const attacked = appendUpdate(signed, (pdfFile, update) => {
        const page = findPage(pdfFile, 0);
        const annotRef = update.allocate();
        update.writeObject(
          annotRef,
          new PdfDict([
            ['Type', new PdfName('Annot')],
            ['Subtype', new PdfName('Square')],
            ['Rect', [100, 400, 300, 460]],
            ['IC', [1, 1, 1]],
          ]),
        );
        const annots = pdfFile.resolve(page.dict.get('Annots'));
        update.writeObject(
          page.ref,
          new PdfDict(page.dict.map).set('Annots', [
            ...(Array.isArray(annots) ? annots : []),
            annotRef,
          ]),
        );
      });
      const report = check(attacked);
      expect(report?.flags.incrementalSavingAttack).toBe(true);
      expect(report?.subsequentUpdates[0]?.onlySignatures).toBe(false);
    });

    it('flags a form change that makes viewers regenerate appearances (NeedAppearances)', () => {
      const attacked = appendUpdate(signed, (pdfFile, update) => {
        const rootRef = pdfFile.trailer.get('Root') as PdfRef;
        const root = pdfFile.resolveDict(rootRef) ?? new PdfDict();
        const form = new PdfDict(pdfFile.resolveDict(root.get('AcroForm'))?.map).set(
          'NeedAppearances',
          true,
        );
        update.writeObject(rootRef, new PdfDict(root.map).set('AcroForm', form));
      });
      const report = check(attacked);
      expect(report?.flags.incrementalSavingAttack).toBe(true);
      expect(report?.subsequentUpdates[0]?.modifications.join()).toMatch(/NeedAppearances/);
      expect(report?.flags.shadowAttack).toBe(true);
    });

    it('flags objects appended without a cross-reference section', () => {
      const attacked = Buffer.concat([
        signed,
        Buffer.from('\n4 0 obj\n<</Type/Page>>\nendobj\n', 'latin1'),
      ]);
      expect(check(attacked)?.flags.incrementalSavingAttack).toBe(true);
    });

    it('does not flag later updates that only add signatures', async () => {
      const twice = await sign(signed, rsaSigner(pki, 'rsa4096'), {
        appearance: { page: 2, width: 150, height: 40 },
      });
      const report = check(twice);
      expect(report).toMatchObject({
        valid: true,
        coversWholeDocument: false,
        modifiedAfterSigning: false,
      });
      expect(report?.subsequentUpdates).toHaveLength(1);
      expect(report?.subsequentUpdates[0]?.onlySignatures).toBe(true);
      expect(report?.flags.incrementalSavingAttack).toBe(false);
      expect(report?.flags.shadowAttack).toBe(false);
      expect(report?.subsequentUpdates[0]?.changesContent).toBe(false);
    });
  });

  describe('Signature Wrapping Attack', () => {
    const cases: [
      string,
      (r: [number, number, number, number]) => [number, number, number, number],
    ][] = [
      ['byte range not starting at 0', ([, a, b, c]) => [7, a - 7, b, c]],
      ['gap larger than /Contents', ([, a, b, c]) => [0, a - 12, b, c]],
      ['gap inside /Contents', ([, a, b, c]) => [0, a + 2, b, c]],
      ['not ending at the revision end', ([, a, b, c]) => [0, a, b, c - 4]],
    ];
    for (const [label, manipulate] of cases) {
      it(`flags ${label} even though the CMS verifies`, async () => {
        const prepared = prepare(file('classic-xref'), {
          certificateChain: alice.certificateChain,
          algorithm: alice.algorithm,
        });
        const wrapped = await signOverRanges(prepared, alice, manipulate(prepared.state.byteRange));
        const report = check(wrapped);
        expect(report?.signatureValid).toBe(true);
        expect(report?.flags.signatureWrappingAttack).toBe(true);
        expect(report?.valid).toBe(false);
      });
    }
  });
});
