import { describe, expect, it } from 'vitest';
import {
  defaultFieldBox,
  differsFromSaved,
  fitToPage,
  moveBy,
  onPage,
  scaleBy,
  toScreen,
} from './signature-field';

const a4 = { width: 595, height: 842 };

describe('the signature box', () => {
  it('shows the default box at the lower left corner of the page', () => {
    expect(toScreen(defaultFieldBox, a4, 2)).toEqual({
      left: 0,
      top: (842 - 50) * 2,
      width: 300,
      height: 100,
    });
  });

  it('moves up on screen as its PDF origin rises, and stays on the page', () => {
    const moved = moveBy(defaultFieldBox, 100, -200, a4, 2);
    expect(moved).toMatchObject({ originX: 50, originY: 100, width: 150, height: 50 });
    expect(moveBy(moved, 10_000, -10_000, a4, 1)).toMatchObject({
      originX: 595 - 150,
      originY: 842 - 50,
    });
    expect(moveBy(moved, -10_000, 10_000, a4, 1)).toMatchObject({ originX: 0, originY: 0 });
  });

  it('scales from its lower right corner, keeping its ratio and its top edge', () => {
    const box = { page: 2, originX: 100, originY: 400, width: 150, height: 50 };
    const larger = scaleBy(box, 150, a4, 1);
    expect(larger).toMatchObject({ page: 2, originX: 100, width: 300, height: 100, originY: 350 });
    expect(larger.originY + larger.height).toBe(box.originY + box.height);
    expect(scaleBy(box, -1000, a4, 1).width).toBe(45);
    expect(scaleBy(box, 10_000, a4, 1).width).toBe(595 - 100);
  });

  it('moves to another page inside that page', () => {
    const wide = { page: 1, originX: 700, originY: 500, width: 150, height: 50 };
    expect(onPage(wide, 3, { width: 612, height: 396 })).toEqual({
      page: 3,
      originX: 612 - 150,
      originY: 396 - 50,
      width: 150,
      height: 50,
    });
    expect(fitToPage({ ...wide, width: 2000, height: 2000 / 3 }, a4).width).toBe(595);
  });

  it('counts as moved only when its origin or page differ from the saved one', () => {
    const saved = { page: 2, originX: 10, originY: 20, width: 150, height: 50 };
    expect(differsFromSaved({ ...saved, width: 300, height: 100 }, saved)).toBe(false);
    expect(differsFromSaved({ ...saved, originX: 11 }, saved)).toBe(true);
    expect(differsFromSaved({ ...saved, page: 1 }, saved)).toBe(true);
    expect(differsFromSaved(defaultFieldBox, null)).toBe(false);
    expect(differsFromSaved({ ...defaultFieldBox, page: 2 }, undefined)).toBe(true);
  });
});
