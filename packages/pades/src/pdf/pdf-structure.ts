import { PdfError } from './errors';
import type { PdfDict } from './pdf-objects';
import { PdfRef, PdfString, type PdfValue } from './pdf-objects';
import type { PdfFile } from './pdf-file';

/** Helpers over the document structure: catalog, page tree, form fields. */

export function getCatalog(file: PdfFile): { ref: PdfRef; dict: PdfDict } {
  const ref = file.trailer.get('Root');
  const dict = file.resolveDict(ref);
  if (!(ref instanceof PdfRef) || !dict)
    throw new PdfError('DAMAGED_PDF', 'the document catalog cannot be read');
  return { ref, dict };
}

export function pageCount(file: PdfFile): number {
  const pages = file.resolveDict(getCatalog(file).dict.get('Pages'));
  return pages?.numberOf('Count') ?? 0;
}

/** The page at a 0-based index, walking only the branches of the page tree that lead to it. */
export function findPage(file: PdfFile, index: number): { ref: PdfRef; dict: PdfDict } {
  let nodeRef: PdfValue | undefined = getCatalog(file).dict.get('Pages');
  let remaining = index;
  for (let depth = 0; depth < 64; depth++) {
    const node = file.resolveDict(nodeRef);
    if (!node) break;
    const kids = file.resolve(node.get('Kids'));
    if (!Array.isArray(kids)) {
      if (remaining === 0 && nodeRef instanceof PdfRef) return { ref: nodeRef, dict: node };
      break;
    }
    let next: PdfValue | undefined;
    for (const kid of kids) {
      const kidDict = file.resolveDict(kid);
      if (!kidDict) continue;
      const isTree =
        kidDict.nameOf('Type') === 'Pages' || Array.isArray(file.resolve(kidDict.get('Kids')));
      if (isTree) {
        const count = kidDict.numberOf('Count') ?? 0;
        if (remaining < count) {
          next = kid;
          break;
        }
        remaining -= count;
      } else {
        if (remaining === 0) {
          if (!(kid instanceof PdfRef))
            throw new PdfError('DAMAGED_PDF', 'page is not an indirect object');
          return { ref: kid, dict: kidDict };
        }
        remaining--;
      }
    }
    if (next === undefined) break;
    nodeRef = next;
  }
  throw new PdfError('INVALID_OPTIONS', `page ${index + 1} does not exist`);
}

/** A page attribute, inherited through /Parent when the page lacks it. */
export function inheritedAttribute(file: PdfFile, page: PdfDict, key: string): PdfValue {
  let node: PdfDict | undefined = page;
  for (let depth = 0; node && depth < 64; depth++) {
    const value = node.get(key);
    if (value !== undefined) return file.resolve(value);
    node = file.resolveDict(node.get('Parent'));
  }
  return null;
}

export function fieldName(dict: PdfDict): string | undefined {
  const t = dict.get('T');
  return t instanceof PdfString ? t.text() : undefined;
}

/** Fully qualified name of a field whose parent's name is `prefix` ('' at the top). */
export function qualifiedFieldName(dict: PdfDict, prefix: string): string {
  const partial = fieldName(dict);
  return partial === undefined ? prefix : prefix ? `${prefix}.${partial}` : partial;
}

/** What naming a field needs of it: each earlier signature adds one to read. */
const NAMING_KEYS: ReadonlySet<string> = new Set(['T', 'Kids']);

/** Fully qualified names of all fields in the form. */
export function collectFieldNames(file: PdfFile, fields: PdfValue): Set<string> {
  const names = new Set<string>();
  const walk = (value: PdfValue, prefix: string, depth: number): void => {
    const list = file.resolve(value);
    if (!Array.isArray(list) || depth > 32) return;
    for (const item of list) {
      const dict = file.resolveDictKeys(item, NAMING_KEYS);
      if (!dict) continue;
      const full = qualifiedFieldName(dict, prefix);
      if (full) names.add(full);
      walk(dict.get('Kids') ?? null, full, depth + 1);
    }
  };
  walk(fields, '', 0);
  return names;
}

/** The /P of a DocMDP certification signature (1: no changes, 2: forms and signing, 3: + annotations). */
export function certificationPermission(file: PdfFile): number | undefined {
  const perms = file.resolveDict(getCatalog(file).dict.get('Perms'));
  const signature = file.resolveDict(perms?.get('DocMDP'));
  if (!signature) return undefined;
  const references = file.resolve(signature.get('Reference'));
  for (const reference of Array.isArray(references) ? references : []) {
    const dict = file.resolveDict(reference);
    if (dict?.nameOf('TransformMethod') !== 'DocMDP') continue;
    return file.resolveDict(dict.get('TransformParams'))?.numberOf('P') ?? 2;
  }
  return 2;
}
