/**
 * The parts of an update that every signature field needs, a signature's as a document
 * time-stamp's: the field merged with its widget, on its page and in the form, and a signature
 * dictionary laid out by hand so the /ByteRange and /Contents offsets are known.
 */
import {
  PdfDict,
  PdfName,
  PdfRef,
  pdfTextString,
  type IncrementalUpdate,
  type PdfFile,
  type PdfValue,
} from '../pdf';

const BYTE_RANGE_WIDTH = 36;

/** Writes the widget (merged with its field), adds it to the page's /Annots and the form's /Fields. */
export function writeSignatureField(
  file: PdfFile,
  update: IncrementalUpdate,
  options: {
    /** The catalogue, and whether the caller changed its copy (written here, once, if so). */
    catalog: { ref: PdfRef; dict: PdfDict; changed?: boolean };
    /** The form as read (its value in the catalog, and a copy of its dictionary to change). */
    form: { value: PdfValue | undefined; dict: PdfDict };
    name: string;
    /** The page the widget goes on; undefined when it is already in a new page's /Annots. */
    page: { ref: PdfRef; dict: PdfDict } | undefined;
    pageRef: PdfRef;
    rect: number[];
    refs: { widget: PdfRef; signature: PdfRef; appearance: PdfRef };
  },
): void {
  const { catalog, form, page, refs } = options;
  update.writeObject(
    refs.widget,
    new PdfDict([
      ['Type', new PdfName('Annot')],
      ['Subtype', new PdfName('Widget')],
      ['FT', new PdfName('Sig')],
      ['T', pdfTextString(options.name)],
      ['V', refs.signature],
      ['F', 132],
      ['P', options.pageRef],
      ['Rect', options.rect],
      ['AP', new PdfDict([['N', refs.appearance]])],
    ]),
  );

  // Page /Annots.
  const annots = page?.dict.get('Annots');
  if (!page) {
    // Already in the new page's /Annots.
  } else if (annots instanceof PdfRef) {
    const list = file.resolve(annots);
    update.writeObject(annots, [...(Array.isArray(list) ? list : []), refs.widget]);
  } else {
    const list = Array.isArray(annots) ? annots : [];
    update.writeObject(page.ref, new PdfDict(page.dict.map).set('Annots', [...list, refs.widget]));
  }

  // AcroForm /Fields and /SigFlags.
  const acroForm = form.dict;
  let acroFormChanged = false;
  const fields = acroForm.get('Fields');
  if (fields instanceof PdfRef) {
    const list = file.resolve(fields);
    update.writeObject(fields, [...(Array.isArray(list) ? list : []), refs.widget]);
  } else {
    acroForm.set('Fields', [...(Array.isArray(fields) ? fields : []), refs.widget]);
    acroFormChanged = true;
  }
  if (acroForm.numberOf('SigFlags') !== 3) {
    acroForm.set('SigFlags', 3);
    acroFormChanged = true;
  }
  const catalogDict = new PdfDict(catalog.dict.map);
  let catalogChanged = catalog.changed === true;
  if (acroFormChanged) {
    if (form.value instanceof PdfRef) update.writeObject(form.value, acroForm);
    else {
      catalogDict.set('AcroForm', acroForm);
      catalogChanged = true;
    }
  }
  if (catalogChanged) update.writeObject(catalog.ref, catalogDict);
}

/** Where the placeholders of a signature dictionary lie in its update. */
export interface PlaceholderLayout {
  byteRangeAt: number;
  contentsAt: number;
  contentsEnd: number;
}

/**
 * Writes a signature dictionary `head` + /ByteRange + /Contents (a zeroed placeholder of
 * `placeholderSize` bytes) + `>>`; `head` opens the dictionary with its other entries.
 */
export function writePlaceholderDictionary(
  update: IncrementalUpdate,
  ref: PdfRef,
  head: string,
  placeholderSize: number,
): PlaceholderLayout {
  const start = head + '/ByteRange';
  const byteRangePlaceholder = '[0 0000000000 0000000000 0000000000]';
  const contentsPrefix = '/Contents';
  const placeholder = '<' + '0'.repeat(placeholderSize * 2) + '>';
  const body = Buffer.from(
    start + byteRangePlaceholder + contentsPrefix + placeholder + '>>',
    'latin1',
  );
  const bodyAt = update.writeRaw(ref, body);
  const byteRangeAt = bodyAt + start.length;
  const contentsAt = byteRangeAt + byteRangePlaceholder.length + contentsPrefix.length;
  return { byteRangeAt, contentsAt, contentsEnd: contentsAt + placeholder.length };
}

/**
 * Writes the final /ByteRange into the finished update (`base` is where it starts in the
 * document) and returns it.
 */
export function fillByteRange(
  updateBytes: Buffer,
  base: number,
  layout: PlaceholderLayout,
): [number, number, number, number] {
  const total = base + updateBytes.length;
  const byteRange: [number, number, number, number] = [
    0,
    base + layout.contentsAt,
    base + layout.contentsEnd,
    total - base - layout.contentsEnd,
  ];
  const text = `[${byteRange.join(' ')}`;
  updateBytes.write(text.padEnd(BYTE_RANGE_WIDTH - 1, ' ') + ']', layout.byteRangeAt, 'latin1');
  return byteRange;
}
