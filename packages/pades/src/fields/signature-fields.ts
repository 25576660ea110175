import { PdfRef, qualifiedFieldName, type PdfDict, type PdfFile, type PdfValue } from '../pdf';

export interface SignatureField {
  name: string;
  value: PdfValue;
  /** The widget annotation: the field itself (merged), or its first kid. */
  widget: PdfDict;
  widgetRef?: PdfRef;
}

/** The signature fields that hold a signature (a /V value), with their qualified names. */
export function collectSignatureFields(file: PdfFile): SignatureField[] {
  const out: SignatureField[] = [];
  const root = file.resolveDict(file.trailer.get('Root'));
  const form = file.resolveDict(root?.get('AcroForm'));
  const walk = (
    value: PdfValue,
    prefix: string,
    inheritedFt: string | undefined,
    depth: number,
  ): void => {
    const list = file.resolve(value);
    if (!Array.isArray(list) || depth > 32) return;
    for (const item of list) {
      const dict = file.resolveDict(item);
      if (!dict) continue;
      const name = qualifiedFieldName(dict, prefix);
      const ft = dict.nameOf('FT') ?? inheritedFt;
      const kids = dict.get('Kids');
      const v = dict.get('V');
      if (ft === 'Sig' && v !== undefined && v !== null) {
        // A field with its widgets as kids shows the first of them.
        const kidList = dict.get('Rect') === undefined ? file.resolve(kids) : undefined;
        const kid = Array.isArray(kidList) ? kidList[0] : undefined;
        const kidDict = kid === undefined ? undefined : file.resolveDict(kid);
        const widgetRef = kidDict ? kid : item;
        out.push({
          name,
          value: v,
          widget: kidDict ?? dict,
          ...(widgetRef instanceof PdfRef ? { widgetRef } : {}),
        });
      } else if (kids !== undefined) walk(kids, name, ft, depth + 1);
    }
  };
  walk(form?.get('Fields') ?? null, '', undefined, 0);
  return out;
}
