import { describe, expect, it } from 'vitest';
import { containedRect, coveringRect, fittedFontSize, previewLayout } from './profile-rendering';

describe('profile preview layout (600×200, 10 % padding)', () => {
  it('puts the image on the left half and the text on the right', () => {
    const { imageBox, textBox } = previewLayout(true, true);
    expect(imageBox).toEqual({ x: 60, y: 20, w: 240, h: 160 });
    expect(textBox?.x).toBeGreaterThanOrEqual(300);
    expect((textBox?.x ?? 0) + (textBox?.w ?? 0)).toBeCloseTo(540);
  });

  it('gives one part alone the whole padded area', () => {
    expect(previewLayout(true, false)).toEqual({
      imageBox: { x: 60, y: 20, w: 480, h: 160 },
      textBox: null,
    });
    expect(previewLayout(false, true).textBox).toEqual({ x: 60, y: 20, w: 480, h: 160 });
  });

  it('fits and covers images keeping their shape', () => {
    expect(containedRect({ width: 100, height: 100 }, { x: 0, y: 0, w: 200, h: 100 })).toEqual({
      x: 50,
      y: 0,
      w: 100,
      h: 100,
    });
    expect(coveringRect({ width: 100, height: 100 }, { x: 0, y: 0, w: 600, h: 200 })).toEqual({
      x: 0,
      y: -200,
      w: 600,
      h: 600,
    });
  });

  it('sizes the text by the ratio (two pixels a step) unless it would not fit', () => {
    const box = { x: 0, y: 0, w: 400, h: 160 };
    expect(fittedFontSize(24, box, (size) => size * 5)).toBe(48);
    expect(fittedFontSize(100, box, (size) => size * 5)).toBe(80);
    expect(fittedFontSize(100, { ...box, h: 30 }, () => 10)).toBe(30);
    expect(fittedFontSize(1, box, () => 10)).toBe(4);
  });
});
