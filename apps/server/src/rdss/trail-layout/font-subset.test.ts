import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import { describe, expect, it } from 'vitest';
import type { ParsedFont } from './font-quick-layout';
import { quickSubsetFont } from './font-subset';
import { loadFonts } from './signing-trail-render';

type Subset = ReturnType<ParsedFont['createSubset']>;

function subsetBytes(subset: Subset): Promise<Buffer> {
  return new Promise((resolve) => {
    const parts: Uint8Array[] = [];
    subset
      .encodeStream()
      .on('data', (bytes) => parts.push(bytes))
      .on('end', () => resolve(Buffer.concat(parts)));
  });
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Hungarian capitals are composite glyphs (a letter and an accent); ffi is a ligature. */
const texts = [
  'Kovács Ödön, Őry Tünde: ÁÉÍÓÖŐÚÜŰ áéíóöőúüű',
  'officially 0123456789 → … ·',
  'Ἀλέξανδρος Иван Ǻ ḉ ẫ',
  '',
];

describe('quickSubsetFont', () => {
  it("writes the bytes fontkit's subset writes, and leaves the font's bytes as they were", async () => {
    for (const bytes of await loadFonts()) {
      const before = sha256(bytes);
      const shaping = fontkit.create(bytes);
      const quick = quickSubsetFont(fontkit.create(bytes), bytes);
      for (const text of [...texts, ...texts]) {
        const theirs = shaping.createSubset();
        const ours = quick.createSubset();
        for (const glyph of shaping.layout(text).glyphs)
          expect(ours.includeGlyph(glyph)).toBe(theirs.includeGlyph(glyph));
        expect(sha256(await subsetBytes(ours)), text).toBe(sha256(await subsetBytes(theirs)));
      }
      expect(sha256(bytes)).toBe(before);
    }
  });
});
