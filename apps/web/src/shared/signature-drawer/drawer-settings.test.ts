import { describe, expect, it } from 'vitest';
import { canvasSize, clampPenWidth, clampScale, strokeWidths } from './drawer-settings';

describe('signature drawer settings', () => {
  it('keeps the canvas scale within 1 to 2 on steps of 0.1', () => {
    expect(clampScale(0.5)).toBe(1);
    expect(clampScale(1.34)).toBe(1.3);
    expect(clampScale(2.6)).toBe(2);
    expect(clampScale(Number.NaN)).toBe(1);
  });

  it('keeps the pen width within 1 to 50', () => {
    expect(clampPenWidth(80)).toBe(50);
    expect(clampPenWidth(0)).toBe(1);
    expect(strokeWidths(50).maxWidth).toBe(25);
    expect(strokeWidths(3).minWidth).toBeLessThan(strokeWidths(3).maxWidth);
  });

  it('sizes the canvas 300×200 times the scale, narrowed to the room there is', () => {
    expect(canvasSize(1, 800)).toEqual({ width: 300, height: 200 });
    expect(canvasSize(1.5, 800)).toEqual({ width: 450, height: 300 });
    expect(canvasSize(2, 480)).toEqual({ width: 480, height: 320 });
    expect(canvasSize(2, 0)).toEqual({ width: 600, height: 400 });
  });
});
