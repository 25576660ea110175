import {
  PdfDict,
  PdfError,
  PdfName,
  PdfRef,
  PdfString,
  pdfDate,
  pdfTextString,
  type IncrementalUpdate,
  type PdfFile,
  type PdfValue,
} from '../pdf';

/**
 * The signing trail as the file attached to the document (decision 056): each signature's update
 * carries the trail up to that signature as an embedded file of the PDF (`/Names /EmbeddedFiles`,
 * its file specification marked `/SignetTrail true`) and takes the one an earlier signature
 * attached out of the name tree. No page is added, removed or changed, so a validator comparing a
 * signed revision's pages with the final document's finds nothing; an attached file is what
 * ISO 32000 viewers list beside the pages and what DSS counts with signatures and form fills.
 */
export const TRAIL_FILE_KEY = 'SignetTrail';

/** The trail a signature attaches: a standalone PDF and the name readers list it under. */
export interface TrailFile {
  bytes: Uint8Array;
  /** The attachment's file name (`<document>-signingtrail.pdf`). */
  name: string;
  /** When it was made: the signing time. */
  modified?: Date;
}

/** A file specification Signet attached as the signing trail. */
export function isTrailFile(dict: PdfDict | undefined): boolean {
  return dict?.get(TRAIL_FILE_KEY) === true && dict.nameOf('Type') === 'Filespec';
}

/** Bounds on a name tree walked (a hostile file's): its depth and entries. */
const MAX_DEPTH = 32;
const MAX_ENTRIES = 10_000;

/** One key and value of a name tree. */
export interface NameTreeEntry {
  key: PdfString;
  value: PdfValue;
}

/** What a name tree node holds: an object with anything else is not only a node. */
const NODE_KEYS = new Set(['Names', 'Kids', 'Limits']);

/**
 * The entries of a name tree in its order, as `section` (0: the newest) has it, and the object
 * numbers of its nodes (those holding nothing but a node's keys). Unreadable branches are
 * skipped; more than 10 000 entries is refused.
 */
export function nameTreeEntries(
  file: PdfFile,
  root: PdfValue | undefined,
  section = 0,
): { entries: NameTreeEntry[]; nodes: Set<number> } {
  const entries: NameTreeEntry[] = [];
  const nodes = new Set<number>();
  const seen = new Set<number>();
  const walk = (value: PdfValue | undefined, depth: number): void => {
    if (value instanceof PdfRef) {
      if (seen.has(value.num)) return;
      seen.add(value.num);
    }
    const node = file.resolveDict(value, section);
    if (!node || depth > MAX_DEPTH) return;
    if (value instanceof PdfRef && [...node.map.keys()].every((key) => NODE_KEYS.has(key)))
      nodes.add(value.num);
    const names = file.resolve(node.get('Names'), section);
    if (Array.isArray(names)) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const key = names[i];
        if (key instanceof PdfString) entries.push({ key, value: names[i + 1] ?? null });
      }
      if (entries.length > MAX_ENTRIES)
        throw new PdfError('TOO_COMPLEX', 'the document has too many attached files');
    }
    const kids = file.resolve(node.get('Kids'), section);
    if (Array.isArray(kids)) for (const kid of kids) walk(kid, depth + 1);
  };
  walk(root, 0);
  return { entries, nodes };
}

const compareKeys = (a: NameTreeEntry, b: NameTreeEntry): number =>
  Buffer.compare(Buffer.from(a.key.bytes), Buffer.from(b.key.bytes));

/** A key not taken by another attached file: the name, else the name with a number. */
function freeKey(name: string, taken: NameTreeEntry[]): PdfString {
  const used = new Set(taken.map((entry) => Buffer.from(entry.key.bytes).toString('hex')));
  const base = name.replace(/\.pdf$/i, '');
  for (let n = 1; ; n++) {
    const key = pdfTextString(n === 1 ? name : `${base} (${n}).pdf`);
    if (!used.has(Buffer.from(key.bytes).toString('hex'))) return key;
  }
}

/**
 * Writes `trail` into `update` as the document's attached signing trail: the embedded file, its
 * file specification and a new /EmbeddedFiles name tree that keeps every other attached file and
 * drops the trail attached before. `catalog` is a copy of the catalogue to change: true when it
 * was changed (its /Names is direct or absent) and must be written with the update; an indirect
 * /Names dictionary is rewritten here.
 */
export function attachTrailFile(
  file: PdfFile,
  update: IncrementalUpdate,
  trail: TrailFile,
  catalog: PdfDict,
): boolean {
  const fileRef = update.allocate();
  const specRef = update.allocate();
  const treeRef = update.allocate();
  const params = new PdfDict([['Size', trail.bytes.length]]);
  if (trail.modified) params.set('ModDate', pdfTextString(pdfDate(trail.modified)));
  // The trail's own bytes, unfiltered: what a reader extracts is what the signature covers.
  update.writeStream(
    fileRef,
    new PdfDict([
      ['Type', new PdfName('EmbeddedFile')],
      ['Subtype', new PdfName('application/pdf')],
      ['Params', params],
    ]),
    trail.bytes,
  );
  update.writeObject(
    specRef,
    new PdfDict([
      ['Type', new PdfName('Filespec')],
      // /F for readers of PDF before 1.7: the name in plain ASCII.
      ['F', pdfTextString(trail.name.replace(/[^\x20-\x7e]/g, '_'))],
      ['UF', pdfTextString(trail.name)],
      ['Desc', pdfTextString('Signing trail')],
      [
        'EF',
        new PdfDict([
          ['F', fileRef],
          ['UF', fileRef],
        ]),
      ],
      ['AFRelationship', new PdfName('Supplement')],
      [TRAIL_FILE_KEY, true],
    ]),
  );

  const namesValue = catalog.get('Names');
  const names = new PdfDict(file.resolveDict(namesValue)?.map);
  const kept = nameTreeEntries(file, names.get('EmbeddedFiles')).entries.filter(
    (entry) => !isTrailFile(file.resolveDict(entry.value)),
  );
  const entries = [...kept, { key: freeKey(trail.name, kept), value: specRef }].sort(compareKeys);
  update.writeObject(
    treeRef,
    new PdfDict([['Names', entries.flatMap((entry) => [entry.key, entry.value])]]),
  );
  names.set('EmbeddedFiles', treeRef);
  if (namesValue instanceof PdfRef) {
    update.writeObject(namesValue, names);
    return false;
  }
  catalog.set('Names', names);
  return true;
}
