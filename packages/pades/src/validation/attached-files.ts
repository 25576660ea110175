/**
 * What one update did to the catalogue's /Names and its attached files (`/EmbeddedFiles`), judged
 * as a whole: Signet's signing trail attached or replaced by the next signature's (decision 056)
 * is said apart; any other change there is a modification.
 */
import { isTrailFile, nameTreeEntries, type NameTreeEntry } from '../fields';
import { PdfDict, PdfRef, serialize, type PdfFile, type PdfValue } from '../pdf';

export interface NamesChange {
  trail?: 'FILE_ATTACHED' | 'FILE_REPLACED';
  modifications: string[];
  /** Objects judged here (the /Names dictionary, the name tree's nodes): not judged again. */
  nodes: Set<number>;
}

const text = (value: PdfValue | undefined): string => serialize(value ?? null);

const sameEntry = (a: NameTreeEntry, b: NameTreeEntry | undefined): boolean =>
  b !== undefined &&
  Buffer.compare(Buffer.from(a.key.bytes), Buffer.from(b.key.bytes)) === 0 &&
  text(a.value) === text(b.value);

/** The keys of a name dictionary (ISO 32000-2, 7.7.4): an object with others is not only that. */
const NAMES_KEYS = new Set([
  'Dests',
  'AP',
  'JavaScript',
  'Pages',
  'Templates',
  'IDS',
  'URLS',
  'EmbeddedFiles',
  'AlternatePresentations',
  'Renditions',
]);

/** The /Names dictionary of the catalogue as `section` has it; notes its object number. */
function namesAt(
  file: PdfFile,
  root: PdfValue | undefined,
  section: number,
  nodes: Set<number>,
): PdfDict {
  const value = file.resolveDict(root, section)?.get('Names');
  const names = file.resolveDict(value, section) ?? new PdfDict();
  if (value instanceof PdfRef && [...names.map.keys()].every((key) => NAMES_KEYS.has(key)))
    nodes.add(value.num);
  return names;
}

export function namesChange(file: PdfFile, sectionIndex: number): NamesChange {
  const section = file.sections[sectionIndex];
  const root = section?.summary.get('Root') ?? file.trailer.get('Root');
  const nodes = new Set<number>();
  const before = namesAt(file, root, sectionIndex + 1, nodes);
  const after = namesAt(file, root, sectionIndex, nodes);
  const modifications: string[] = [];
  for (const key of new Set([...before.map.keys(), ...after.map.keys()])) {
    if (key !== 'EmbeddedFiles' && text(before.get(key)) !== text(after.get(key)))
      modifications.push(`/Names /${key} changed`);
  }
  const tree = (dict: PdfDict, at: number) => {
    const read = nameTreeEntries(file, dict.get('EmbeddedFiles'), at);
    for (const num of read.nodes) nodes.add(num);
    const isTrail = (entry: NameTreeEntry) => isTrailFile(file.resolveDict(entry.value, at));
    return {
      trails: read.entries.filter(isTrail),
      others: read.entries.filter((entry) => !isTrail(entry)),
    };
  };
  const old = tree(before, sectionIndex + 1);
  const next = tree(after, sectionIndex);
  if (
    old.others.length !== next.others.length ||
    old.others.some((entry, i) => !sameEntry(entry, next.others[i]))
  ) {
    modifications.push('the attached files (/EmbeddedFiles) changed');
  }
  const [oldTrail] = old.trails;
  const [newTrail, extra] = next.trails;
  let trail: NamesChange['trail'];
  if (extra) modifications.push('more than one signing trail attached');
  else if (!newTrail && oldTrail) modifications.push('the attached signing trail removed');
  else if (newTrail && !oldTrail) trail = 'FILE_ATTACHED';
  else if (newTrail && !sameEntry(newTrail, oldTrail)) trail = 'FILE_REPLACED';
  return { ...(trail ? { trail } : {}), modifications, nodes };
}
