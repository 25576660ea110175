import { describe, expect, it } from 'vitest';
import { buildAppearanceContent, encodeTextLines, helveticaWidths } from './appearance';

describe('appearance text', () => {
  it('uses WinAnsi where it can and /Differences glyph names for other letters', () => {
    const { encoded, differences, characters } = encodeTextLines(['Šuštar', 'Čedomir Đurić', '日']);
    expect(encoded[0]?.charCodeAt(0)).toBe(0x8a);
    expect(encoded[0]?.charCodeAt(2)).toBe(0x9a);
    expect(differences).toEqual([0x81, 'Ccaron', 0x8d, 'Dcroat', 0x8f, 'cacute', 0x90, 'uni65E5']);
    const widths = helveticaWidths(characters);
    expect(widths).toHaveLength(255);
    expect(widths[0x81 - 1]).toBe(722); // Č as wide as C
    expect(widths[0x9a - 1]).toBe(500); // š as wide as s
  });

  it('escapes string delimiters and fits the text into the box', () => {
    const content = buildAppearanceContent({ width: 200, height: 50, textLines: ['a (b) \\ c'] });
    expect(content).toContain('(a \\(b\\) \\\\ c) Tj');
    const size = Number(/\/F1 ([\d.]+) Tf/.exec(content)?.[1]);
    expect(size).toBeGreaterThan(5);
    expect(size).toBeLessThanOrEqual(14);
  });

  it('draws the background colour, then the background image covering the box, under the rest', () => {
    const content = buildAppearanceContent({
      width: 200,
      height: 50,
      backgroundColor: [1, 1, 1],
      backgroundImage: { width: 100, height: 100 },
      image: { width: 120, height: 40 },
      textLines: ['Ann Test'],
    });
    const lines = content.split('\n');
    const colour = lines.findIndex((l) => l.includes(' re f '));
    const background = lines.findIndex((l) => l.includes('/Im0 Do'));
    const image = lines.findIndex((l) => l.includes('/Im1 Do'));
    expect(colour).toBeGreaterThanOrEqual(0);
    expect(background).toBeGreaterThan(colour);
    expect(image).toBeGreaterThan(background);
    // Covering 200×50 with a square image: 200×200, centred, clipped to the box.
    expect(lines[background]).toBe('q 0 0 200 50 re W n 200 0 0 200 0 -75 cm /Im0 Do Q');
  });
});
