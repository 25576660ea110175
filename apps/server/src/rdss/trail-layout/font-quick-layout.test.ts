import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import { quickLayoutFont } from './font-quick-layout';
import { loadFonts } from './signing-trail-render';

/**
 * Texts a trail may hold: plain Latin and Hungarian (the quick way), and texts that need shaping
 * (ligatures, combining marks after i and j, right-to-left and Indic scripts, ignorable
 * characters, surrogate pairs, characters DejaVu Sans lacks).
 */
const texts = [
  'Kovács Ödön <odon@example.hu>',
  'Őry Tünde, Űrhajós utca 3., Szőlő',
  'Tanúsítvány tárgya: CN=Signet Test CA',
  '0b7f4a52-6a3e-4d1e-9a51-3f3c2b1d9e01 ff',
  'Certificate subject',
  'officially affluent fjord waffle',
  'f i f l',
  'naïve i\u0301 j\u0308 i\u0323\u0301 café',
  'Ἀλέξανδρος Ωμέγα, Иван Петров, Հայաստան',
  'שלום עליכם',
  'محمد علي لا',
  'क्षत्रिय',
  'a\u00adb a\u034fb',
  'Zoë → Łódź … “quoted” – dash · 5 €',
  'emoji 😀 and 日本語',
  '',
];

describe('quickLayoutFont', () => {
  it('gives the glyphs fontkit shapes, for every text', async () => {
    for (const bytes of await loadFonts()) {
      const shaping = fontkit.create(bytes);
      const quick = quickLayoutFont(fontkit.create(bytes));
      for (const text of texts) {
        const ids = (run: ReturnType<typeof shaping.layout>) => run.glyphs.map((glyph) => glyph.id);
        expect(ids(quick.layout(text)), text).toEqual(ids(shaping.layout(text)));
      }
    }
  });

  it('shapes a ligature only where its letters stand together', async () => {
    const [regular] = await loadFonts();
    const quick = quickLayoutFont(fontkit.create(regular));
    const ligature = quick.layout('fi').glyphs;
    expect(ligature).toHaveLength(1);
    expect(quick.layout('f i').glyphs).toHaveLength(3);
  });
});
