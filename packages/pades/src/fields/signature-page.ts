import { getCatalog, PdfRef, type PdfDict, type PdfFile, type PdfValue } from '../pdf';

/** How many page-tree nodes a search for a widget's page visits at most. */
const maxNodes = 100_000;

/**
 * The page (counted from 1) of a visible signature's widget: the page its /P names, else the one
 * whose /Annots holds it; undefined for an invisible signature (a zero-size /Rect) or a widget no
 * page names. Walks the page tree in order, within `maxNodes` nodes and 64 levels.
 */
export function visibleSignaturePage(
  file: PdfFile,
  widget: PdfDict,
  widgetRef: PdfRef | undefined,
): number | undefined {
  const rect = file.resolve(widget.get('Rect'));
  if (!Array.isArray(rect) || rect.length !== 4) return undefined;
  const [x1, y1, x2, y2] = rect.map((n) => (typeof n === 'number' ? n : 0)) as [
    number,
    number,
    number,
    number,
  ];
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
  let byAnnots: number | undefined;
  const walk = (nodeRef: PdfValue | undefined, depth: number): number | undefined => {
    if (depth > 64 || ++visited > maxNodes) return undefined;
    const node = file.resolveDict(nodeRef);
    if (!node) return undefined;
    const kids = file.resolve(node.get('Kids'));
    if (!Array.isArray(kids)) {
      number++;
      if (pageRef && nodeRef instanceof PdfRef && nodeRef.num === pageRef.num) return number;
      if (byAnnots === undefined && holdsWidget(node)) byAnnots = number;
      return undefined;
    }
    for (const kid of kids) {
      const found = walk(kid, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(getCatalog(file).dict.get('Pages'), 0) ?? byAnnots;
}
