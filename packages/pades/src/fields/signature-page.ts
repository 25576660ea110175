import {
  getCatalog,
  inheritedAttribute,
  PdfRef,
  type PdfDict,
  type PdfFile,
  type PdfValue,
} from '../pdf';

/** How many page-tree nodes a search for a widget's page visits at most. */
const maxNodes = 100_000;

/**
 * Where a visible signature's widget stands: its page (from 1) and its rectangle in points from
 * that page's lower left corner (its CropBox, else MediaBox, as `prepare` places a signature).
 */
export interface SignaturePlace {
  page: number;
  rect: { originX: number; originY: number; width: number; height: number };
}

/**
 * The page and rectangle of a visible signature's widget: the page its /P names, else the one
 * whose /Annots holds it; undefined for an invisible signature (a zero-size /Rect) or a widget no
 * page names. Walks the page tree in order, within `maxNodes` nodes and 64 levels.
 */
export function visibleSignaturePlace(
  file: PdfFile,
  widget: PdfDict,
  widgetRef: PdfRef | undefined,
): SignaturePlace | undefined {
  const rect = file.resolve(widget.get('Rect'));
  if (!Array.isArray(rect) || rect.length !== 4) return undefined;
  const [x1, y1, x2, y2] = rect.map((n) => {
    const value = file.resolve(n);
    return typeof value === 'number' ? value : 0;
  }) as [number, number, number, number];
  if (Math.abs(x2 - x1) < 0.01 || Math.abs(y2 - y1) < 0.01) return undefined;
  const named = widget.get('P');
  const pageRef = named instanceof PdfRef ? named : undefined;
  const holdsWidget = (page: PdfDict): boolean => {
    if (!widgetRef) return false;
    const annots = file.resolve(page.get('Annots'));
    return (
      Array.isArray(annots) && annots.some((a) => a instanceof PdfRef && a.num === widgetRef.num)
    );
  };
  let visited = 0;
  let number = 0;
  let byAnnots: { number: number; page: PdfDict } | undefined;
  const walk = (
    nodeRef: PdfValue | undefined,
    depth: number,
  ): { number: number; page: PdfDict } | undefined => {
    if (depth > 64 || ++visited > maxNodes) return undefined;
    const node = file.resolveDict(nodeRef);
    if (!node) return undefined;
    const kids = file.resolve(node.get('Kids'));
    if (!Array.isArray(kids)) {
      number++;
      if (pageRef && nodeRef instanceof PdfRef && nodeRef.num === pageRef.num) {
        return { number, page: node };
      }
      if (byAnnots === undefined && holdsWidget(node)) byAnnots = { number, page: node };
      return undefined;
    }
    for (const kid of kids) {
      const found = walk(kid, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const found = walk(getCatalog(file).dict.get('Pages'), 0) ?? byAnnots;
  if (!found) return undefined;
  const box =
    inheritedAttribute(file, found.page, 'CropBox') ??
    inheritedAttribute(file, found.page, 'MediaBox');
  const corner = (index: number) => {
    const value = Array.isArray(box) ? file.resolve(box[index]) : undefined;
    return typeof value === 'number' ? value : 0;
  };
  const [left, bottom] = [Math.min(x1, x2), Math.min(y1, y2)];
  return {
    page: found.number,
    rect: {
      originX: left - corner(0),
      originY: bottom - corner(1),
      width: Math.abs(x2 - x1),
      height: Math.abs(y2 - y1),
    },
  };
}
