import { describe, expect, it } from 'vitest';
import {
  defaultFieldBox,
  differsFromSaved,
  fitToPage,
  moveBy,
  onOwnPages,
  onPage,
  scaleBy,
  toScreen,
} from './signature-field';

const a4 = { width: 595, height: 842 };
/** A box at the lower left corner, the origin of the page's coordinates. */
const corner = { page: 1, originX: 0, originY: 0, width: 150, height: 50 };

describe('the signature box', () => {
  it('shows a box at the origin at the lower left corner of the page', () => {
    expect(toScreen(corner, a4, 2)).toEqual({
      left: 0,
      top: (842 - 50) * 2,
      width: 300,
      height: 100,
    });
  });

  it('moves up on screen as its PDF origin rises, and stays on the page', () => {
    const moved = moveBy(corner, 100, -200, a4, 2);
    expect(moved).toMatchObject({ originX: 50, originY: 100, width: 150, height: 50 });
    expect(moveBy(moved, 10_000, -10_000, a4, 1)).toMatchObject({
      originX: 595 - 150,
      originY: 842 - 50,
    });
    expect(moveBy(moved, -10_000, 10_000, a4, 1)).toMatchObject({ originX: 0, originY: 0 });
  });

  it.each([
    ['A4', a4],
    ['Letter', { width: 612, height: 792 }],
    ['A4 landscape', { width: 842, height: 595 }],
    ['a small label', { width: 300, height: 100 }],
  ])(
    'starts a box nobody placed at the lower right of the %s page, inside it, never at 0,0',
    (_, page) => {
      const box = onPage(defaultFieldBox, 2, page);
      expect(box.page).toBe(2);
      expect(box.originX).toBeGreaterThan(0);
      expect(box.originX + box.width).toBeLessThanOrEqual(page.width);
      expect(box.originY).toBeGreaterThan(0);
      expect(box.originY + box.height).toBeLessThanOrEqual(page.height);
      // Right and bottom margins are equal: it sits in the lower right corner's room.
      expect(page.width - box.originX - box.width).toBeCloseTo(box.originY, 1);
      expect(box.originX + box.width / 2).toBeGreaterThan(page.width / 2);
    },
  );

  it('keeps a placed box where it is when it goes to another page', () => {
    const placed = { page: 1, originX: 60, originY: 500, width: 150, height: 50 };
    expect(onPage(placed, 3, a4)).toEqual({ ...placed, page: 3 });
    const letter = onPage(defaultFieldBox, 1, { width: 612, height: 792 });
    expect(onPage(letter, 2, a4)).toMatchObject({ page: 2, originX: letter.originX });
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

describe('the signature box and an attached signing trail', () => {
  const saved = { page: 5, originX: 300, originY: 40, width: 150, height: 50 };
  it('moves a box past the document’s own pages (a trail page) to its last own page', () => {
    expect(onOwnPages(saved, 3)).toEqual({ ...saved, page: 3 });
  });
  it('keeps a box on an own page, and every page while the count is not known', () => {
    expect(onOwnPages(saved, 5)).toBe(saved);
    expect(onOwnPages({ ...saved, page: 2 }, 3)).toEqual({ ...saved, page: 2 });
    expect(onOwnPages(saved, undefined)).toBe(saved);
  });
});
