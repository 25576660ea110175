import { describe, expect, it } from 'vitest';
import {
  defaultFieldBox,
  differsFromSaved,
  fitToPage,
  moveBy,
  onOwnPages,
  onPage,
  overlaps,
  scaleBy,
  takenBoxes,
  toScreen,
  type FieldBox,
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

describe('a new signature box beside the earlier signatures (issue 38 §2)', () => {
  const corner = onPage(defaultFieldBox, 1, a4);
  const taken = (...boxes: FieldBox[]) => boxes;

  it('starts a second signer’s box beside the first one’s, in the same corner, not over it', () => {
    const second = onPage(defaultFieldBox, 1, a4, taken(corner));
    expect(overlaps(second, corner)).toBe(false);
    expect(second).toMatchObject({ page: 1, originY: corner.originY, width: 150, height: 50 });
    expect(second.originX + second.width).toBeLessThanOrEqual(corner.originX);
    const third = onPage(defaultFieldBox, 1, a4, taken(corner, second));
    expect([overlaps(third, corner), overlaps(third, second)]).toEqual([false, false]);
  });

  it('goes round a signature placed by hand, and only counts those on its own page', () => {
    const byHand = { page: 1, originX: 380, originY: 20, width: 200, height: 80 };
    const box = onPage(defaultFieldBox, 1, a4, taken(byHand));
    expect(overlaps(box, byHand)).toBe(false);
    expect(box.originY).toBeLessThan(a4.height / 3);
    expect(onPage(defaultFieldBox, 1, a4, taken({ ...corner, page: 2 }))).toEqual(corner);
  });

  it('fills the corner row by row, then takes the next page’s corner, then the rest of the page', () => {
    const boxes: FieldBox[] = [];
    for (let i = 0; i < 40; i++) {
      const next = onPage(defaultFieldBox, 1, a4, boxes, 2);
      expect(boxes.some((b) => overlaps(b, next))).toBe(false);
      boxes.push(next);
    }
    const onFirst = boxes.filter((b) => b.page === 1);
    const onSecond = boxes.filter((b) => b.page === 2);
    // The lowest third of each page first: three across and four rows up on an A4 page.
    expect(boxes.slice(0, 12).every((b) => b.page === 1 && b.originY < a4.height / 3)).toBe(true);
    expect(boxes.slice(12, 24).every((b) => b.page === 2)).toBe(true);
    expect(onFirst.length + onSecond.length).toBe(40);
    expect(boxes.slice(24).every((b) => b.page === 1 && b.originY >= a4.height / 3)).toBe(true);
    // Without a next page to go to, the rest of this page.
    const alone = onPage(defaultFieldBox, 1, a4, boxes.slice(0, 12));
    expect(alone.page).toBe(1);
    expect(boxes.slice(0, 12).some((b) => overlaps(b, alone))).toBe(false);
  });

  it('keeps a placed box where it is, earlier signatures or not', () => {
    const placed = { page: 1, originX: 60, originY: 500, width: 150, height: 50 };
    expect(onPage(placed, 1, a4, taken(placed))).toEqual(placed);
  });

  it('reads the earlier signatures’ boxes from the chain’s signatures, invisible ones left out', () => {
    const signature = {
      fieldName: 'Signature1',
      certificateName: 'Ann',
      entryId: null,
      entryName: null,
      signingTime: null,
      integrityValid: true,
      chainTrusted: true,
      problem: null,
    };
    expect(
      takenBoxes([
        { ...signature, page: 2, rect: { originX: 1, originY: 2, width: 3, height: 4 } },
        { ...signature, page: null, rect: null },
      ]),
    ).toEqual([{ page: 2, originX: 1, originY: 2, width: 3, height: 4 }]);
  });
});
