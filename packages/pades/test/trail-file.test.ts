import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { sign, validate, type Signer } from '../src/index';
import { findPage, getCatalog, IncrementalUpdate, PdfDict, PdfFile, PdfRef } from '../src/pdf';
import { ecSigner, rsaSigner, type TestPki } from './support/pki';
import { pdfsig, qpdfCheck, runTool, testPki } from './support/tools';

const corpus = inject('corpus');

/** A standalone trail PDF, as the server's renderer makes one: plain, no object streams. */
async function trailPdf(version: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(`Signing trail ${version}`, { x: 50, y: 780, size: 14, font });
  return doc.save({ useObjectStreams: false });
}

/** A two-page PDF with a file of its own attached (pdf-lib writes the /EmbeddedFiles tree). */
async function withAttachment(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]);
  doc.addPage([595, 842]);
  await doc.attach(Buffer.from('the buyer’s own notes'), 'notes.txt', { mimeType: 'text/plain' });
  return doc.save({ useObjectStreams: false });
}

/**
 * Decision 056: the signing trail travels as the file attached to the document, each signature's
 * update replacing the one attached before; no page is added or replaced, so pdfsig and the
 * page comparisons of outside validators find nothing, and Signet's report says what happened.
 */
describe('the signing trail attached to the document as a file', () => {
  let pki: TestPki;
  let dir: string;
  let signers: Signer[];

  beforeAll(() => {
    pki = testPki();
    dir = mkdtempSync(join(inject('workDir'), 'trail-file-'));
    signers = [rsaSigner(pki, 'rsa2048'), ecSigner(pki), rsaSigner(pki, 'rsa2048')];
  });

  const info = async (path: string, password?: string) => {
    const pw = password ? ['-upw', password] : [];
    const pages = Number(
      /^Pages:\s+(\d+)/m.exec((await runTool('pdfinfo', [...pw, path])).stdout)?.[1],
    );
    const list = (await runTool('pdfdetach', [...pw, '-list', path])).stdout;
    const names = [...list.matchAll(/^\d+: (.*)$/gm)].map((m) => m[1] as string);
    const files = new Map<string, Buffer>();
    for (const [index, name] of names.entries()) {
      const out = `${path}.${index + 1}`;
      await runTool('pdfdetach', [...pw, '-save', String(index + 1), '-o', out, path]);
      files.set(name, readFileSync(out));
    }
    return { pages, files };
  };

  const targets = [
    { name: 'classic-xref', pages: 3 },
    { name: 'xref-stream', pages: 3 },
    { name: 'aes-256', pages: 3, password: 'user-pw' },
    { name: 'rc4-128', pages: 3, password: 'user-pw' },
    { name: 'with-attachment', pages: 2 },
  ];
  for (const target of targets) {
    it(`${target.name}: three signatures, the pages untouched, one trail attached, every signature valid`, async () => {
      let current: Uint8Array =
        target.name === 'with-attachment'
          ? await withAttachment()
          : readFileSync(corpus.find((f) => f.name === target.name)?.path ?? '');
      for (const [index, signer] of signers.entries()) {
        const trail = await trailPdf(`v${index + 1}`);
        current = await sign(current, signer, {
          password: target.password,
          trailFile: { bytes: trail, name: 'contract-signingtrail.pdf', modified: new Date() },
          appearance: {
            page: 1,
            originX: 300,
            originY: 40 + index * 80,
            width: 200,
            height: 60,
            textLines: [`Signer ${index + 1}`],
          },
        });
        const out = join(dir, `${target.name}-${index + 1}.pdf`);
        writeFileSync(out, current);
        const { pages, files } = await info(out, target.password);
        expect(pages).toBe(target.pages);
        // The trail the signature covers is the file a reader extracts, byte for byte; a file
        // attached before stays.
        expect(
          Buffer.compare(files.get('contract-signingtrail.pdf') ?? Buffer.alloc(0), trail),
        ).toBe(0);
        expect([...files.keys()].sort()).toEqual(
          target.name === 'with-attachment'
            ? ['contract-signingtrail.pdf', 'notes.txt']
            : ['contract-signingtrail.pdf'],
        );
        const check = await qpdfCheck(out, target.password);
        expect(check.code, check.output).toBe(0);
        const poppler = await pdfsig(pki, out, target.password);
        expect(poppler.map((s) => s.validation)).toEqual(
          Array(index + 1).fill('Signature is Valid.'),
        );
      }
      const report = validate(current, { trustAnchors: [pki.caDer], password: target.password });
      expect(report).toMatchObject({ pages: target.pages, trailPages: 0 });
      for (const signature of report.signatures) {
        expect(signature.valid, signature.problems.join('; ')).toBe(true);
        expect(signature.modifiedAfterSigning, signature.problems.join('; ')).toBe(false);
        expect(signature.flags.shadowAttack).toBe(false);
        expect(signature.problems).toEqual([]);
      }
      // Each later signature replaced the attached trail: said so, and nothing else changed.
      const [first] = report.signatures;
      expect(first?.subsequentUpdates).toEqual([
        expect.objectContaining({
          trail: 'FILE_REPLACED',
          onlySignatures: false,
          modifications: [],
        }),
        expect.objectContaining({
          trail: 'FILE_REPLACED',
          onlySignatures: false,
          modifications: [],
        }),
      ]);
    });
  }

  it('a trail replaced by an update that adds no signature is a modification', async () => {
    const signed = await sign(await withAttachment(), signers[0] as Signer, {
      trailFile: { bytes: await trailPdf('v1'), name: 'contract-signingtrail.pdf' },
    });
    const next = await sign(signed, signers[1] as Signer, {
      trailFile: { bytes: await trailPdf('v2'), name: 'contract-signingtrail.pdf' },
    });
    const report = validate(next, { trustAnchors: [pki.caDer] });
    expect(report.signatures[0]?.subsequentUpdates[0]).toMatchObject({ trail: 'FILE_REPLACED' });
    expect(report.signatures[0]?.flags.incrementalSavingAttack).toBe(false);

    // The same update with its signature dictionary no longer one: the trail swapped by itself.
    const swapped = validate(stripSignature(next, signed.length), { trustAnchors: [pki.caDer] });
    expect(swapped.signatures[0]?.subsequentUpdates[0]?.modifications).toContain(
      'the signing trail was replaced without a signature',
    );
    expect(swapped.signatures[0]?.flags.incrementalSavingAttack).toBe(true);
  });

  it('a page hung into the attached files’ name tree and redrawn there is still judged as a page', async () => {
    const signed = await sign(await withAttachment(), signers[0] as Signer, {
      trailFile: { bytes: await trailPdf('v1'), name: 'contract-signingtrail.pdf' },
    });
    const file = new PdfFile(signed);
    const update = new IncrementalUpdate(file);
    const catalog = getCatalog(file);
    const names = file.resolveDict(catalog.dict.get('Names')) ?? new PdfDict();
    const page = findPage(file, 0);
    const content = update.allocate();
    update.writeStream(content, new PdfDict(), Buffer.from('1 0 0 rg 0 0 595 842 re f'));
    update.writeObject(page.ref, new PdfDict(page.dict.map).set('Contents', content));
    const tree = update.allocate();
    update.writeObject(
      tree,
      new PdfDict([['Kids', [page.ref, names.get('EmbeddedFiles') ?? null]]]),
    );
    const namesValue = catalog.dict.get('Names');
    const changed = new PdfDict(names.map).set('EmbeddedFiles', tree);
    if (namesValue instanceof PdfRef) update.writeObject(namesValue, changed);
    else update.writeObject(catalog.ref, new PdfDict(catalog.dict.map).set('Names', changed));
    const attacked = Buffer.concat([signed, update.finish()]);
    const [signature] = validate(attacked, { trustAnchors: [pki.caDer] }).signatures;
    expect(signature?.flags.shadowAttack).toBe(true);
    expect(signature?.flags.incrementalSavingAttack).toBe(true);
  });

  it('a document whose trail an earlier signature appended as pages keeps pages: replaced, said apart', async () => {
    const original = readFileSync(corpus.find((f) => f.name === 'classic-xref')?.path ?? '');
    const once = await sign(original, signers[0] as Signer, { trailPages: await trailPdf('v1') });
    const twice = await sign(once, signers[1] as Signer, {
      trailFile: { bytes: await trailPdf('v2'), name: 'contract-signingtrail.pdf' },
    });
    const out = join(dir, 'legacy-2.pdf');
    writeFileSync(out, twice);
    const { pages, files } = await info(out);
    expect(pages).toBe(4);
    expect(files.size).toBe(0);
    const report = validate(twice, { trustAnchors: [pki.caDer] });
    const [first] = report.signatures;
    expect(first?.subsequentUpdates[0]).toMatchObject({
      trail: 'PAGES_REPLACED',
      onlySignatures: false,
      modifications: [],
    });
    expect(first?.valid).toBe(true);
    expect(first?.modifiedAfterSigning).toBe(false);
    expect(first?.problems.join()).toMatch(/changed the signing trail's pages/);
  });
});

/**
 * The update after `base` with its signature dictionary's /Type /Sig renamed, so the update
 * carries the trail but no signature Signet would count (the bytes keep their length).
 */
function stripSignature(pdf: Uint8Array, base: number): Uint8Array {
  const out = Buffer.from(pdf);
  const at = out.indexOf('/Type/Sig', base, 'latin1');
  out.write('/Type/Xig', at, 'latin1');
  return out;
}
