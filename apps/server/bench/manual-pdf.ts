import { existsSync, readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real pdfTeX manual of 257 KB, 36 pages (Debian's `libtasn1-doc`), as the engine's bench uses. */
const texManual = '/usr/share/doc/libtasn1-doc/libtasn1.pdf';

/** What `manualPdf` gives on this machine, for the benches' tables. */
export const manualName = existsSync(texManual)
  ? 'pdfTeX manual (libtasn1-doc)'
  : 'generated manual (no libtasn1-doc)';

/**
 * The 300 KB TeX manual the issues name: the real one when installed, else a stand-in shaped like
 * TeX output: 460 pages of set text, one font resource a page, object streams, about 290 KB.
 */
export async function manualPdf(): Promise<Uint8Array> {
  if (existsSync(texManual)) return new Uint8Array(readFileSync(texManual));
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const line = 'The quick brown fox jumps over the lazy dog while the typesetter counts glyphs. ';
  for (let p = 0; p < 460; p++) {
    const page = pdf.addPage([595, 842]);
    // Set once: pdf-lib names a new font resource for each drawText given a font, which no
    // typesetter does (60 resources a page made pdf.js parse 3,000 names to open page 1).
    page.setFont(font);
    page.setFontSize(9);
    for (let l = 0; l < 60; l++) {
      page.drawText(`${p + 1}.${l + 1} ${line}`, { x: 40, y: 800 - l * 12.5 });
    }
  }
  return pdf.save({ useObjectStreams: true });
}
