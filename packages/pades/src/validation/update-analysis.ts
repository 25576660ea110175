/**
 * What an incremental update changes beyond signatures, their fields, widgets and appearances,
 * and the validation data (DSS) and metadata signing tools add: the ISA check of `validate`.
 * Signet's signing trail, replaced by the next signature, is said apart (decision 056).
 */
import { isTrailPage } from '../fields';
import { PdfDict, PdfRef, PdfStream, serialize, type PdfFile, type PdfValue } from '../pdf';
import { namesChange } from './attached-files';
import type { UpdateReport } from './validation-report';

function isSignatureFieldOrWidget(file: PdfFile, value: PdfValue, section: number): boolean {
  let dict = file.resolveDict(value, section);
  for (let depth = 0; dict && depth < 16; depth++) {
    if (dict.nameOf('FT') === 'Sig') return true;
    dict = file.resolveDict(dict.get('Parent'), section);
  }
  return false;
}

const same = (a: PdfValue | undefined, b: PdfValue | undefined): boolean => {
  if (a instanceof PdfStream || b instanceof PdfStream) {
    return (
      a instanceof PdfStream &&
      b instanceof PdfStream &&
      serialize(a.dict) === serialize(b.dict) &&
      Buffer.compare(a.data, b.data) === 0
    );
  }
  return serialize(a ?? null) === serialize(b ?? null);
};

/** An array that keeps every earlier item in place and only appends signature fields or widgets. */
function onlyAppendsSignatureFields(
  file: PdfFile,
  previous: PdfValue,
  next: PdfValue,
  section: number,
): boolean {
  const oldItems = Array.isArray(previous) ? previous : [];
  const newItems = Array.isArray(next) ? next : [];
  return (
    oldItems.every((item, i) => same(item, newItems[i])) &&
    newItems.slice(oldItems.length).every((item) => isSignatureFieldOrWidget(file, item, section))
  );
}

/**
 * A page node whose only change is that pages marked as signing trail pages left its kids and
 * others so marked were appended after the rest, which keep their order (decision 027: how the
 * trail travelled before decision 056, and how a DETACHED trail's own document still does):
 * PAGES_ADDED when none was there before, else PAGES_REPLACED; undefined for any other change.
 */
function trailPagesChange(
  file: PdfFile,
  previous: PdfDict,
  next: PdfDict,
  section: number,
): 'PAGES_ADDED' | 'PAGES_REPLACED' | undefined {
  const keys = new Set([...previous.map.keys(), ...next.map.keys()]);
  for (const key of keys)
    if (key !== 'Kids' && key !== 'Count' && !same(previous.get(key), next.get(key)))
      return undefined;
  const oldKids = file.resolve(previous.get('Kids'), section + 1);
  const newKids = file.resolve(next.get('Kids'), section);
  if (!Array.isArray(oldKids) || !Array.isArray(newKids)) return undefined;
  const oldKept = oldKids.filter((kid) => !isTrailPage(file.resolveDict(kid, section + 1)));
  const newTrail = newKids.filter((kid) => isTrailPage(file.resolveDict(kid, section)));
  const newKept = newKids.slice(0, newKids.length - newTrail.length);
  if (newKept.length !== oldKept.length || newKept.some((kid, i) => !same(kid, oldKept[i])))
    return undefined;
  if (newKids.slice(newKept.length).some((kid) => !isTrailPage(file.resolveDict(kid, section))))
    return undefined;
  const oldCount = previous.numberOf('Count') ?? 0;
  const oldTrail = oldKids.length - oldKept.length;
  if (next.numberOf('Count') !== oldCount - oldTrail + newTrail.length) return undefined;
  return oldTrail === 0 ? 'PAGES_ADDED' : 'PAGES_REPLACED';
}

/**
 * Compares two versions of a dictionary: keys in `allowed` may change freely, keys in `lists` may
 * only gain signature fields (resolving indirect arrays), `nested` keys are compared with
 * `compareNested`; any other difference is reported.
 */
function compareDicts(options: {
  file: PdfFile;
  section: number;
  label: string;
  previous: PdfDict;
  next: PdfDict;
  allowed?: string[];
  lists?: string[];
  nested?: Record<string, (previous: PdfValue | undefined, next: PdfValue | undefined) => string[]>;
}): string[] {
  const { file, section, label, previous, next } = options;
  const out: string[] = [];
  for (const key of new Set([...previous.map.keys(), ...next.map.keys()])) {
    const a = previous.get(key);
    const b = next.get(key);
    if (same(a, b) || options.allowed?.includes(key)) continue;
    const nested = options.nested?.[key];
    if (nested) {
      out.push(...nested(a, b));
      continue;
    }
    if (options.lists?.includes(key)) {
      const sameIndirect = a instanceof PdfRef && b instanceof PdfRef && a.num === b.num; // checked as its own object
      if (
        sameIndirect ||
        onlyAppendsSignatureFields(
          file,
          file.resolve(a, section + 1),
          file.resolve(b, section),
          section,
        )
      ) {
        continue;
      }
    }
    out.push(`${label}: /${key} changed`);
  }
  return out;
}

/** The update writes a signature dictionary of its own (not a document time-stamp's). */
function addsSignature(file: PdfFile, sectionIndex: number): boolean {
  const section = file.sections[sectionIndex];
  for (const num of section?.numbers() ?? []) {
    const before = file.lookup(num, sectionIndex + 1);
    if ((before && before.type !== 0) || section?.lookup(num)?.type === 0) continue;
    const value = file.getObject(num, sectionIndex);
    if (value instanceof PdfDict && value.nameOf('Type') === 'Sig') return true;
  }
  return false;
}

/** Describes what one update changes that is not a signature, a signature field or their plumbing. */
export function analyseUpdate(file: PdfFile, sectionIndex: number): UpdateReport {
  const section = file.sections[sectionIndex];
  const modifications: string[] = [];
  if (!section) {
    return {
      offset: -1,
      onlySignatures: false,
      changesContent: true,
      modifications: ['missing section'],
    };
  }
  let changesContent = false;
  // The attached files are judged as a whole, the signing trail's among them.
  const names = namesChange(file, sectionIndex);
  modifications.push(...names.modifications);
  let trail: UpdateReport['trail'] = names.trail;
  const rootRef = section.summary.get('Root');
  const infoRef = section.summary.get('Info') ?? file.trailer.get('Info');
  const acroFormRules = { allowed: ['SigFlags', 'DR'], lists: ['Fields'] };
  for (const num of section.numbers()) {
    const entry = section.lookup(num);
    if (!entry) continue;
    const before = file.lookup(num, sectionIndex + 1);
    if (entry.type === 0) {
      if (before && before.type !== 0) {
        modifications.push(`object ${num} deleted`);
        changesContent = true;
      }
      continue;
    }
    const next = file.getObject(num, sectionIndex);
    const previous =
      before && before.type !== 0 ? file.getObject(num, sectionIndex + 1) : undefined;
    const nextDict =
      next instanceof PdfStream ? next.dict : next instanceof PdfDict ? next : undefined;
    const type = nextDict?.nameOf('Type');
    // Cross-reference plumbing, the document information dictionary and XMP metadata do not
    // change what the document shows; signing tools routinely update the latter two.
    if (type === 'XRef' || type === 'ObjStm' || type === 'Metadata') continue;
    if (infoRef instanceof PdfRef && infoRef.num === num) continue;
    if (names.nodes.has(num)) continue;
    // New objects only matter once a changed object references them, and those are checked.
    if (previous === undefined || previous === null) continue;
    if (same(previous, next)) continue;
    const label = `object ${num}${type ? ` (/${type})` : ''}`;
    const already = modifications.length;
    const isRoot = rootRef instanceof PdfRef && rootRef.num === num;
    if (Array.isArray(previous) && Array.isArray(next)) {
      if (!onlyAppendsSignatureFields(file, previous, next, sectionIndex)) {
        modifications.push(`${label}: array changed beyond added signature fields`);
        changesContent = true;
      }
      continue;
    }
    if (!(previous instanceof PdfDict) || !(next instanceof PdfDict)) {
      modifications.push(`${label} changed`);
      changesContent = true;
      continue;
    }
    const common = { file, section: sectionIndex, label, previous, next };
    const pagesChange =
      type === 'Pages' ? trailPagesChange(file, previous, next, sectionIndex) : undefined;
    if (isRoot) {
      modifications.push(
        ...compareDicts({
          ...common,
          allowed: ['DSS', 'Metadata', 'Extensions'],
          nested: {
            // Judged above, with the attached files.
            Names: () => [],
            AcroForm: (a, b) => {
              if (a instanceof PdfRef && b instanceof PdfRef && a.num === b.num) return [];
              const oldForm = file.resolveDict(a, sectionIndex + 1) ?? new PdfDict();
              const newForm = file.resolveDict(b, sectionIndex) ?? new PdfDict();
              return compareDicts({
                ...common,
                label: `${label} /AcroForm`,
                previous: oldForm,
                next: newForm,
                ...acroFormRules,
              });
            },
          },
        }),
      );
    } else if (type === 'Page') {
      modifications.push(...compareDicts({ ...common, lists: ['Annots'] }));
    } else if (pagesChange) {
      // The signing trail's pages, replaced by the next signature's (decision 027): said apart.
      trail = pagesChange;
      continue;
    } else if (previous.get('Fields') !== undefined || next.get('Fields') !== undefined) {
      modifications.push(...compareDicts({ ...common, ...acroFormRules }));
    } else if (
      isSignatureFieldOrWidget(file, previous, sectionIndex + 1) &&
      previous.get('V') === undefined
    ) {
      // Signing an empty signature field that existed before.
      modifications.push(...compareDicts({ ...common, allowed: ['V', 'AP', 'Lock', 'SV', 'F'] }));
    } else {
      modifications.push(`${label} changed`);
    }
    // Any other object a later update redefines is drawn or decides what is drawn; of the
    // catalogue only the page tree, optional content and the form do.
    const added = modifications.slice(already);
    if (isRoot ? added.some((m) => /\/(Pages|OCProperties|AcroForm)\b/.test(m)) : added.length > 0)
      changesContent = true;
  }
  // Signet replaces its trail only with the signature that the new trail records.
  if (trail && !addsSignature(file, sectionIndex))
    modifications.push('the signing trail was replaced without a signature');
  return {
    offset: section.offset,
    onlySignatures: modifications.length === 0 && trail === undefined,
    changesContent,
    modifications,
    ...(trail ? { trail } : {}),
  };
}
