import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The benches' stand-in for the 300 KB TeX manual the issues name: 200 pages of set text, about
 * 290 KB with object streams.
 */
export async function manualPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const line = 'The quick brown fox jumps over the lazy dog while the typesetter counts glyphs. ';
  for (let p = 0; p < 200; p++) {
    const page = pdf.addPage([595, 842]);
    for (let l = 0; l < 60; l++) {
      page.drawText(`${p + 1}.${l + 1} ${line}`, { x: 40, y: 800 - l * 12.5, size: 9, font });
    }
  }
  return pdf.save({ useObjectStreams: true });
}
