import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { isPdfError, markTrailPages, sign, validate, type Signer } from '../src/index';
import { ecSigner, rsaSigner, type TestPki } from './support/pki';
import { pdfsig, qpdfCheck, runTool, testPki } from './support/tools';

const corpus = inject('corpus');

/** A standalone trail PDF, as the server's renderer makes one: plain, no object streams. */
async function trailPdf(version: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Signing trail ${version} page ${i + 1} of ${pages}`, {
      x: 50,
      y: 780,
      size: 14,
      font,
    });
  }
  return doc.save({ useObjectStreams: false });
}

/** Three pages under two intermediate page-tree nodes below the root. */
function nestedTreePdf(): Uint8Array {
  const content = (text: string) => `BT /F1 18 Tf 50 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 3 /MediaBox [0 0 595 842] >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [5 0 R 6 0 R] /Count 2 /Resources << /Font << /F1 10 0 R >> >> >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [7 0 R] /Count 1 /Resources << /Font << /F1 10 0 R >> >> >>',
    '<< /Type /Page /Parent 3 0 R /Contents 8 0 R >>',
    '<< /Type /Page /Parent 3 0 R /Contents 9 0 R >>',
    '<< /Type /Page /Parent 4 0 R /Contents 11 0 R >>',
    `<< /Length ${content('Nested one').length} >>\nstream\n${content('Nested one')}\nendstream`,
    `<< /Length ${content('Nested two').length} >>\nstream\n${content('Nested two')}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${content('Nested three').length} >>\nstream\n${content('Nested three')}\nendstream`,
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('signing trail pages appended with a signature', () => {
  let pki: TestPki;
  let dir: string;
  let signers: Signer[];

  beforeAll(() => {
    pki = testPki();
    dir = mkdtempSync(join(inject('workDir'), 'trail-pages-'));
    signers = [rsaSigner(pki, 'rsa2048'), ecSigner(pki)];
  });

  const pageCountOf = async (path: string, password?: string): Promise<number> => {
    const { stdout } = await runTool('pdfinfo', [...(password ? ['-upw', password] : []), path]);
    return Number(/^Pages:\s+(\d+)/m.exec(stdout)?.[1]);
  };
  const textOf = async (path: string, first: number, password?: string): Promise<string> => {
    const args = [...(password ? ['-upw', password] : []), '-f', String(first), path, '-'];
    return (await runTool('pdftotext', args)).stdout;
  };

  const targets = [
    { name: 'classic-xref', pages: 3 },
    { name: 'xref-stream', pages: 3 },
    { name: 'aes-256', pages: 3, password: 'user-pw' },
    { name: 'rc4-128', pages: 3, password: 'user-pw' },
    { name: 'already-signed', pages: 3, earlier: 1 },
    { name: 'nested-tree', pages: 3 },
  ];
  for (const target of targets) {
    it(`${target.name}: each signature replaces the trail pages; every signature stays valid`, async () => {
      const original =
        target.name === 'nested-tree'
          ? nestedTreePdf()
          : readFileSync(corpus.find((f) => f.name === target.name)?.path ?? '');
      const trails = [await trailPdf('v1', 2), await trailPdf('v2', 3)];
      let current: Uint8Array = original;
      const earlier = target.earlier ?? 0;
      for (const [index, signer] of signers.entries()) {
        const trail = trails[index] as Uint8Array;
        current = await sign(current, signer, {
          password: target.password,
          trailPages: trail,
          appearance: {
            page: target.pages,
            originX: 300,
            originY: 40 + index * 80,
            width: 200,
            height: 60,
            textLines: [`Signer ${index + 1}`],
          },
        });
        const out = join(dir, `${target.name}-${index + 1}.pdf`);
        writeFileSync(out, current);
        const trailPageCount = index === 0 ? 2 : 3;
        expect(await pageCountOf(out, target.password)).toBe(target.pages + trailPageCount);
        const trailText = await textOf(out, target.pages + 1, target.password);
        const version = index === 0 ? 'v1' : 'v2';
        for (let page = 1; page <= trailPageCount; page++)
          expect(trailText).toContain(`Signing trail ${version} page ${page} of ${trailPageCount}`);
        if (index === 1) expect(trailText).not.toContain('Signing trail v1');

        const check = await qpdfCheck(out, target.password);
        expect(check.code, check.output).toBe(0);
        expect(check.output).toMatch(/No syntax or stream encoding errors found/);

        const poppler = await pdfsig(pki, out, target.password);
        expect(poppler).toHaveLength(earlier + index + 1);
        for (const signature of poppler) {
          expect(signature.validation).toBe('Signature is Valid.');
          expect(signature.certificate).toBe('Certificate is Trusted.');
        }
        // Signet's own validator says the trail's pages were replaced, apart from modifications
        // (decision 056).
        const report = validate(current, { trustAnchors: [pki.caDer], password: target.password });
        expect(report).toMatchObject({
          pages: target.pages + trailPageCount,
          trailPages: trailPageCount,
        });
        for (const signature of report.signatures.slice(earlier)) {
          expect(signature.valid, signature.problems.join('; ')).toBe(true);
          expect(signature.modifiedAfterSigning, signature.problems.join('; ')).toBe(false);
        }
        if (index === 1)
          expect(report.signatures[earlier]?.subsequentUpdates[0]).toMatchObject({
            trail: 'PAGES_REPLACED',
            modifications: [],
          });
      }
    });
  }

  it('places the visible signature on the document’s own pages only', async () => {
    const original = readFileSync(corpus.find((f) => f.name === 'classic-xref')?.path ?? '');
    const once = await sign(original, signers[0] as Signer, {
      trailPages: await trailPdf('v1', 2),
    });
    const refused = await sign(once, signers[1] as Signer, {
      trailPages: await trailPdf('v2', 2),
      appearance: { page: 4, originX: 10, originY: 10, width: 100, height: 40 },
    }).catch((error: unknown) => error);
    expect(isPdfError(refused) && refused.code).toBe('INVALID_OPTIONS');
  });

  it('a detached trail PDF: every page marked, so each signature replaces the whole trail', async () => {
    let current = markTrailPages(await trailPdf('v1', 2));
    const signed: string[] = [];
    for (const [index, signer] of signers.entries()) {
      current = await sign(current, signer, { trailPages: await trailPdf(`v${index + 2}`, 3) });
      const out = join(dir, `detached-${index + 1}.pdf`);
      writeFileSync(out, current);
      signed.push(out);
      expect(await pageCountOf(out)).toBe(3);
      const text = await textOf(out, 1);
      expect(text).toContain(`Signing trail v${index + 2} page 3 of 3`);
      expect(text).not.toContain('Signing trail v1');
      expect((await qpdfCheck(out)).code).toBe(0);
      const poppler = await pdfsig(pki, out);
      expect(poppler.map((s) => s.validation)).toEqual(
        Array(index + 1).fill('Signature is Valid.'),
      );
    }
  });
});
