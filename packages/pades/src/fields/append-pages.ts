import {
  certificationPermission,
  getCatalog,
  IncrementalUpdate,
  inheritedAttribute,
  PdfDict,
  PdfError,
  PdfFile,
  PdfName,
  PdfRef,
  PdfStream,
  type PdfValue,
} from '../pdf';

/**
 * Pages carried along with a signature (the signing trail, docs/decisions/027-attached-trail-pages.md):
 * the pages of a standalone PDF are copied into the signature's incremental update and hung at the
 * end of the document's root page node, each marked `/SignetTrail true`. Pages marked so by an
 * earlier update are taken out of the tree first, so the document ends with one complete trail,
 * while each earlier signature still covers the trail of its own time.
 */
export const TRAIL_PAGE_KEY = 'SignetTrail';

/** Page attributes a page may inherit from its tree nodes; copied onto each appended page. */
const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

/** Page keys that point into the source's document structure, which is not copied. */
const DROPPED = new Set(['Parent', 'B', 'StructParents', 'Annots', 'Thumb']);

export function isTrailPage(dict: PdfDict | undefined): boolean {
  return dict?.get(TRAIL_PAGE_KEY) === true && dict.nameOf('Type') !== 'Pages';
}

/** The root page node and its kids: the document's own pages first, then earlier trail pages. */
export function rootPageNode(file: PdfFile): {
  ref: PdfRef;
  dict: PdfDict;
  kids: PdfValue[];
  trailKids: number;
} {
  const ref = getCatalog(file).dict.get('Pages');
  const dict = file.resolveDict(ref);
  const kids = file.resolve(dict?.get('Kids'));
  if (!(ref instanceof PdfRef) || !dict || !Array.isArray(kids))
    throw new PdfError('DAMAGED_PDF', 'the page tree cannot be read');
  const trailKids = kids.filter((kid) => isTrailPage(file.resolveDict(kid))).length;
  return { ref, dict, kids, trailKids };
}

/** The leaf pages of a file's page tree, in order, with their inherited attributes. */
function leafPages(file: PdfFile): { ref: PdfRef; dict: PdfDict }[] {
  const out: { ref: PdfRef; dict: PdfDict }[] = [];
  const seen = new Set<number>();
  const walk = (value: PdfValue, depth: number): void => {
    if (!(value instanceof PdfRef) || seen.has(value.num) || depth > 64) return;
    seen.add(value.num);
    const dict = file.resolveDict(value);
    if (!dict) return;
    const kids = file.resolve(dict.get('Kids'));
    if (Array.isArray(kids)) {
      for (const kid of kids) walk(kid, depth + 1);
      return;
    }
    const page = new PdfDict(dict.map);
    for (const key of INHERITED) {
      if (page.get(key) !== undefined) continue;
      const inherited = inheritedAttribute(file, dict, key);
      if (inherited !== null) page.set(key, inherited);
    }
    out.push({ ref: value, dict: page });
  };
  walk(getCatalog(file).dict.get('Pages') ?? null, 0);
  return out;
}

/**
 * Copies every page of `source` (a plain, unencrypted PDF) into `update`, with everything the
 * pages reach renumbered into the target's free numbers, and rewrites the target's root page node
 * so that its earlier trail pages are replaced by these. Returns the new pages.
 */
export function appendTrailPages(
  file: PdfFile,
  update: IncrementalUpdate,
  source: Uint8Array,
  /** Annotations (a signature's widget) of a document with no pages of its own: on page 1. */
  firstPageAnnots: PdfRef[] = [],
): PdfRef[] {
  if (certificationPermission(file) !== undefined)
    throw new PdfError('DOCUMENT_LOCKED', 'pages cannot be added to a certified document');
  const from = new PdfFile(source);
  if (from.security) throw new PdfError('INVALID_OPTIONS', 'the appended pages are encrypted');
  const pages = leafPages(from);
  if (pages.length === 0) throw new PdfError('INVALID_OPTIONS', 'the appended PDF has no pages');
  const root = rootPageNode(file);

  const mapped = new Map<number, PdfRef>();
  const queue: number[] = [];
  const refFor = (num: number): PdfRef => {
    let ref = mapped.get(num);
    if (!ref) {
      ref = update.allocate();
      mapped.set(num, ref);
      queue.push(num);
    }
    return ref;
  };
  const copy = (value: PdfValue): PdfValue => {
    if (value instanceof PdfRef) return refFor(value.num);
    if (Array.isArray(value)) return value.map(copy);
    if (value instanceof PdfDict) {
      const out = new PdfDict();
      for (const [key, item] of value.map) out.set(key, copy(item));
      return out;
    }
    if (value instanceof PdfStream) throw new PdfError('DAMAGED_PDF', 'a direct stream');
    return value;
  };

  const kept = root.kids.filter((kid) => !isTrailPage(file.resolveDict(kid)));
  // The pages first, so that whatever points back at a page finds its new number.
  const pageNums = new Set(pages.map((page) => page.ref.num));
  const newPages = pages.map((page) => refFor(page.ref.num));
  const pageDicts = new Map(pages.map((page) => [page.ref.num, page.dict]));
  for (let i = 0; i < queue.length; i++) {
    const num = queue[i] as number;
    const ref = mapped.get(num) as PdfRef;
    if (pageNums.has(num)) {
      const page = new PdfDict();
      for (const [key, item] of (pageDicts.get(num) as PdfDict).map)
        if (!DROPPED.has(key)) page.set(key, copy(item));
      page.set('Type', new PdfName('Page')).set('Parent', root.ref).set(TRAIL_PAGE_KEY, true);
      if (num === pages[0]?.ref.num && firstPageAnnots.length > 0 && kept.length === 0)
        page.set('Annots', firstPageAnnots);
      update.writeObject(ref, page);
      continue;
    }
    const value = from.getObject(num);
    if (value instanceof PdfStream) {
      const dict = new PdfDict();
      for (const [key, item] of value.dict.map) if (key !== 'Length') dict.set(key, copy(item));
      update.writeStream(ref, dict, value.data);
    } else {
      update.writeObject(ref, copy(value));
    }
  }

  const count = (root.dict.numberOf('Count') ?? kept.length) - root.trailKids + newPages.length;
  update.writeObject(
    root.ref,
    new PdfDict(root.dict.map).set('Kids', [...kept, ...newPages]).set('Count', count),
  );
  return newPages;
}

/**
 * A standalone PDF (a detached signing trail) as a document whose pages are all trail pages: an
 * incremental update hangs every page, marked, directly under the root page node, so that the
 * trail the next signature appends replaces all of them. Returns the whole new file.
 */
export function markTrailPages(pdf: Uint8Array): Uint8Array {
  const file = new PdfFile(pdf);
  if (file.security) throw new PdfError('INVALID_OPTIONS', 'the trail PDF is encrypted');
  const pages = leafPages(file);
  if (pages.length === 0) throw new PdfError('INVALID_OPTIONS', 'the trail PDF has no pages');
  const root = rootPageNode(file);
  const update = new IncrementalUpdate(file);
  for (const page of pages) {
    const dict = new PdfDict(page.dict.map).set('Parent', root.ref).set(TRAIL_PAGE_KEY, true);
    update.writeObject(page.ref, dict);
  }
  update.writeObject(
    root.ref,
    new PdfDict(root.dict.map)
      .set(
        'Kids',
        pages.map((page) => page.ref),
      )
      .set('Count', pages.length),
  );
  return Buffer.concat([pdf, update.finish()]);
}
