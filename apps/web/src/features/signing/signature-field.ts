import type { ChainSignature } from '@signet/contracts/chain-signatures';
import type { PageSize } from '../../shared/document-view/pdf-page-canvas';

/**
 * Where the visible signature sits, in PDF points from the page's lower left corner with the page
 * counted from 1 (the sign call's `signatureFieldParameters`), and how the preview's CSS pixels
 * (top left origin, `scale` pixels per point) map to it. Pure, so the rules are tested apart.
 */
export interface FieldBox {
  page: number;
  originX: number;
  originY: number;
  width: number;
  height: number;
}

export type { PageSize };

/** The room kept between a new box and the page's edges, in points (half an inch). */
export const pageMargin = 36;

/**
 * The box before anyone placed it: 150 × 50 points (the 3:1 of the preview canvas) at the lower
 * right of page 1, a margin inside its edges (an A4 page's numbers, the most common page). Shown
 * on a page, `onPage` moves it to that page's own lower right (issue 26 §6: never the corner 0,0).
 */
export const defaultFieldBox: FieldBox = {
  page: 1,
  originX: 595 - 150 - pageMargin,
  originY: pageMargin,
  width: 150,
  height: 50,
};

/** Whether the box still stands where `defaultFieldBox` puts it (nobody moved it). */
export function isUnplaced(box: FieldBox): boolean {
  return (
    box.originX === defaultFieldBox.originX &&
    box.originY === defaultFieldBox.originY &&
    box.width === defaultFieldBox.width &&
    box.height === defaultFieldBox.height
  );
}

/** The smallest box a signer may scale down to, in points. */
export const minFieldWidth = 45;

/** The box in CSS pixels over a page drawn `scale` pixels per point. */
export function toScreen(box: FieldBox, page: PageSize, scale: number) {
  return {
    left: box.originX * scale,
    top: (page.height - box.originY - box.height) * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}

const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

/** Two decimals of a point are plenty and keep the payload readable. */
const round = (value: number) => Math.round(value * 100) / 100;

/** The box kept whole on the page: smaller than the page and inside it. */
export function fitToPage(box: FieldBox, page: PageSize): FieldBox {
  const ratio = box.height / box.width;
  const width = clamp(box.width, Math.min(minFieldWidth, page.width), page.width);
  const height = Math.min(width * ratio, page.height);
  const fittedWidth = height / ratio;
  return {
    page: box.page,
    width: round(fittedWidth),
    height: round(height),
    originX: round(clamp(box.originX, 0, page.width - fittedWidth)),
    originY: round(clamp(box.originY, 0, page.height - height)),
  };
}

/** The box moved by a drag of `dx`, `dy` CSS pixels (down is positive on screen, up in PDF). */
export function moveBy(
  box: FieldBox,
  dx: number,
  dy: number,
  page: PageSize,
  scale: number,
): FieldBox {
  return fitToPage(
    { ...box, originX: box.originX + dx / scale, originY: box.originY - dy / scale },
    page,
  );
}

/**
 * The box scaled by dragging its lower right corner `dx` CSS pixels: the aspect ratio stays and
 * the upper left corner stays where it is on screen.
 */
export function scaleBy(box: FieldBox, dx: number, page: PageSize, scale: number): FieldBox {
  const ratio = box.height / box.width;
  const top = box.originY + box.height;
  const width = clamp(box.width + dx / scale, minFieldWidth, page.width - box.originX);
  const height = Math.min(width * ratio, top);
  return fitToPage({ ...box, width: height / ratio, height, originY: top - height }, page);
}

/** The room kept between a new box and an earlier signature beside it, in points. */
export const slotGap = 12;

/** Whether two boxes overlap on one page (boxes that only touch do not). */
export function overlaps(a: FieldBox, b: FieldBox): boolean {
  return (
    a.page === b.page &&
    a.originX < b.originX + b.width &&
    b.originX < a.originX + a.width &&
    a.originY < b.originY + b.height &&
    b.originY < a.originY + a.height
  );
}

/**
 * The places a box of `size` may take on a page, the lower right corner first: leftwards along
 * the bottom, then each row above. `corner` keeps to the lowest third of the page.
 */
function slotsOn(
  pageNumber: number,
  page: PageSize,
  size: { width: number; height: number },
  margin: number,
  region: 'corner' | 'page',
): FieldBox[] {
  const top =
    region === 'corner' ? Math.max(page.height / 3, margin + size.height) : page.height - margin;
  const slots: FieldBox[] = [];
  for (let y = margin; y + size.height <= top + 0.001; y += size.height + slotGap) {
    for (let x = page.width - size.width - margin; x >= margin - 0.001; x -= size.width + slotGap) {
      slots.push({ page: pageNumber, originX: round(x), originY: round(y), ...size });
    }
  }
  return slots;
}

/**
 * The box on another page, kept inside that page's size. A box nobody placed goes to the first
 * place nearest that page's lower right corner, a margin inside (a smaller margin on a page too
 * small for it), where no earlier signature (`taken`) stands (issue 38 §2): the corner's next
 * free slot, then the corner of each following page up to `lastPage`, then any free place on this
 * page; where everything is taken, the corner itself.
 */
export function onPage(
  box: FieldBox,
  pageNumber: number,
  page: PageSize,
  taken: readonly FieldBox[] = [],
  lastPage = pageNumber,
): FieldBox {
  if (!isUnplaced(box)) return fitToPage({ ...box, page: pageNumber }, page);
  const fitted = fitToPage({ ...box, page: pageNumber, originX: 0, originY: 0 }, page);
  const margin = Math.max(0, Math.min(pageMargin, (page.width - fitted.width) / 2));
  const corner = fitToPage(
    { ...fitted, originX: page.width - fitted.width - margin, originY: margin },
    page,
  );
  if (taken.length === 0) return corner;
  const size = { width: fitted.width, height: fitted.height };
  // The corners of the following pages, a document's first hundred at most.
  const following = Array.from(
    { length: Math.min(100, Math.max(0, lastPage - pageNumber)) },
    (_, i) => slotsOn(pageNumber + i + 1, page, size, margin, 'corner'),
  );
  const candidates = [
    ...slotsOn(pageNumber, page, size, margin, 'corner'),
    ...following.flat(),
    ...slotsOn(pageNumber, page, size, margin, 'page'),
  ];
  const free = candidates.find((slot) => !taken.some((earlier) => overlaps(slot, earlier)));
  return free ? fitToPage(free, page) : corner;
}

/** Where the earlier signatures of the document stand: their visible boxes, page by page. */
export function takenBoxes(signatures: readonly ChainSignature[]): FieldBox[] {
  return signatures.flatMap((signature) =>
    signature.page !== null && signature.rect ? [{ page: signature.page, ...signature.rect }] : [],
  );
}

/**
 * The box on the document's own pages: one on a page past them (a saved position, or a page of
 * the attached signing trail) goes to the last of them, where `onPage` fits it once drawn.
 * `ownPages` undefined: not known yet, every page counts.
 */
export function onOwnPages(box: FieldBox, ownPages: number | undefined): FieldBox {
  if (ownPages === undefined || ownPages < 1 || box.page <= ownPages) return box;
  return { ...box, page: ownPages };
}

/**
 * Whether the box stands elsewhere than the profile's saved position (D§5 save position: the
 * origin x, y or the page differ; a profile without one counts as the box nobody placed).
 */
export function differsFromSaved(box: FieldBox, saved: FieldBox | null | undefined): boolean {
  const reference = saved ?? defaultFieldBox;
  return (
    box.page !== reference.page ||
    Math.abs(box.originX - reference.originX) >= 0.5 ||
    Math.abs(box.originY - reference.originY) >= 0.5
  );
}
