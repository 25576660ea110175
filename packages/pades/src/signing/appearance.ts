/** Where a visible signature goes: page is 1-based, coordinates in PDF points from the page's lower-left corner. */
export interface SignatureFieldParameters {
  page?: number;
  originX?: number;
  originY?: number;
  width: number;
  height: number;
}

export interface AppearanceOptions extends SignatureFieldParameters {
  /** PNG or JPEG bytes (a drawn signature, a logo). */
  image?: Uint8Array;
  /** Text lines such as the name, the date, the reason, the sub-signer in clerk mode. */
  textLines?: string[];
  /** RGB 0–1 of the text; black by default. */
  textColor?: [number, number, number];
  /** RGB 0–1 of a background rectangle; transparent by default. */
  backgroundColor?: [number, number, number];
  /**
   * PNG or JPEG bytes drawn behind the image and the text (over the background colour), scaled
   * to cover the whole box and cut to it: the organisation's visible-signature background.
   */
  backgroundImage?: Uint8Array;
}

// Helvetica advance widths (1/1000 em) for ASCII 32–126.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

function charWidth(ch: string): number {
  const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')[0] ?? ch;
  return (
    HELVETICA[base.charCodeAt(0) - 32] ??
    (ch === 'đ' ? 556 : ch === 'Đ' ? 722 : ch === 'ł' ? 222 : ch === 'Ł' ? 556 : 556)
  );
}

/**
 * /FirstChar 1 … /LastChar 255 widths for the encoding `encodeTextLines` produced, so every viewer
 * advances by the same amounts whatever font it substitutes for Helvetica.
 */
export function helveticaWidths(characters: Map<number, string>): number[] {
  const widths: number[] = [];
  for (let code = 1; code <= 255; code++) {
    const ch = characters.get(code) ?? winAnsiCharacter(code);
    widths.push(ch ? charWidth(ch) : 0);
  }
  return widths;
}

function textWidth(text: string): number {
  let width = 0;
  // Accented letters are as wide as their base letter.
  for (const ch of text) width += charWidth(ch);
  return width / 1000;
}

// Adobe glyph names of the Latin Extended-A letters of Central European names; others use uniXXXX.
const GLYPH_NAMES: Record<number, string> = {
  0x102: 'Abreve',
  0x103: 'abreve',
  0x104: 'Aogonek',
  0x105: 'aogonek',
  0x106: 'Cacute',
  0x107: 'cacute',
  0x10c: 'Ccaron',
  0x10d: 'ccaron',
  0x10e: 'Dcaron',
  0x10f: 'dcaron',
  0x110: 'Dcroat',
  0x111: 'dcroat',
  0x118: 'Eogonek',
  0x119: 'eogonek',
  0x11a: 'Ecaron',
  0x11b: 'ecaron',
  0x11e: 'Gbreve',
  0x11f: 'gbreve',
  0x130: 'Idotaccent',
  0x131: 'dotlessi',
  0x139: 'Lacute',
  0x13a: 'lacute',
  0x13d: 'Lcaron',
  0x13e: 'lcaron',
  0x141: 'Lslash',
  0x142: 'lslash',
  0x143: 'Nacute',
  0x144: 'nacute',
  0x147: 'Ncaron',
  0x148: 'ncaron',
  0x150: 'Odblacute',
  0x151: 'odblacute',
  0x154: 'Racute',
  0x155: 'racute',
  0x158: 'Rcaron',
  0x159: 'rcaron',
  0x15a: 'Sacute',
  0x15b: 'sacute',
  0x15e: 'Scedilla',
  0x15f: 'scedilla',
  0x164: 'Tcaron',
  0x165: 'tcaron',
  0x16e: 'Uring',
  0x16f: 'uring',
  0x170: 'Udblacute',
  0x171: 'udblacute',
  0x179: 'Zacute',
  0x17a: 'zacute',
  0x17b: 'Zdotaccent',
  0x17c: 'zdotaccent',
};

/** WinAnsi (windows-1252) characters of codes 0x80–0x9F; undefined codes are blanks. */
const WIN_ANSI_80 = '€ ‚ƒ„…†‡ˆ‰Š‹Œ Ž  ‘’“”•–—˜™š›œ žŸ';
const WIN_ANSI_HIGH = new Map<string, number>();
Array.from(WIN_ANSI_80).forEach((ch, i) => {
  if (ch !== ' ') WIN_ANSI_HIGH.set(ch, 0x80 + i);
});

/** The character WinAnsiEncoding gives a code (32–255), or undefined. */
function winAnsiCharacter(code: number): string | undefined {
  if (code >= 0x80 && code <= 0x9f) {
    const ch = WIN_ANSI_80[code - 0x80];
    return ch === ' ' ? undefined : ch;
  }
  return code >= 32 && code !== 127 ? String.fromCharCode(code) : undefined;
}

// Codes WinAnsi leaves undefined, given to other characters through /Differences.
const FREE_CODES = [0x81, 0x8d, 0x8f, 0x90, 0x9d, ...Array.from({ length: 31 }, (_, i) => i + 1)];

/**
 * Encodes text lines for Helvetica with WinAnsiEncoding plus a /Differences array for characters
 * outside it (č, ć, đ, ł…, by glyph name). Characters beyond the free codes become "?".
 */
export function encodeTextLines(lines: string[]): {
  encoded: string[];
  differences: (number | string)[];
  /** Characters given free codes, by code. */
  characters: Map<number, string>;
} {
  const extra = new Map<string, number>();
  const encodeChar = (ch: string): number => {
    const code = ch.codePointAt(0) ?? 63;
    if ((code >= 32 && code < 127) || (code >= 0xa0 && code <= 0xff)) return code;
    const high = WIN_ANSI_HIGH.get(ch);
    if (high !== undefined) return high;
    const known = extra.get(ch);
    if (known !== undefined) return known;
    const free = FREE_CODES[extra.size];
    if (free === undefined || code > 0xffff) return 63;
    extra.set(ch, free);
    return free;
  };
  const encoded = lines.map((line) =>
    Array.from(line, (ch) => String.fromCharCode(encodeChar(ch))).join(''),
  );
  const differences: (number | string)[] = [];
  const characters = new Map<number, string>();
  for (const [ch, code] of extra) {
    characters.set(code, ch);
    const cp = ch.codePointAt(0) ?? 63;
    differences.push(
      code,
      GLYPH_NAMES[cp] ?? `uni${cp.toString(16).toUpperCase().padStart(4, '0')}`,
    );
  }
  return { encoded, differences, characters };
}

function literal(encoded: string): string {
  let out = '';
  for (const ch of encoded) {
    const code = ch.charCodeAt(0);
    if (ch === '(' || ch === ')' || ch === '\\') out += '\\' + ch;
    else if (code < 32) out += '\\' + code.toString(8).padStart(3, '0');
    else out += ch;
  }
  return out;
}

const n = (value: number): string =>
  Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');

/**
 * The content stream of the appearance form XObject: the background colour and image (/Im0,
 * covering the box), the image fitted on the left (or top) and the text lines in Helvetica,
 * sized to fit the box. Resources are named /Im0, /Im1 and /F1.
 */
export function buildAppearanceContent(options: {
  width: number;
  height: number;
  backgroundImage?: { width: number; height: number };
  image?: { width: number; height: number };
  textLines: string[];
  textColor?: [number, number, number];
  backgroundColor?: [number, number, number];
}): string {
  const { width, height, image, textLines } = options;
  const pad = Math.min(width, height) * 0.06;
  const ops: string[] = [];
  if (options.backgroundColor) {
    ops.push(
      `q ${options.backgroundColor.map(n).join(' ')} rg 0 0 ${n(width)} ${n(height)} re f Q`,
    );
  }
  if (options.backgroundImage) {
    const cover = Math.max(
      width / options.backgroundImage.width,
      height / options.backgroundImage.height,
    );
    const w = options.backgroundImage.width * cover;
    const h = options.backgroundImage.height * cover;
    ops.push(
      `q 0 0 ${n(width)} ${n(height)} re W n ${n(w)} 0 0 ${n(h)} ${n((width - w) / 2)} ${n((height - h) / 2)} cm /Im0 Do Q`,
    );
  }
  let textBox = { x: pad, y: pad, w: width - 2 * pad, h: height - 2 * pad };
  if (image) {
    let box = { ...textBox };
    if (textLines.length > 0) {
      if (width >= height) {
        box = { x: pad, y: pad, w: (width - 3 * pad) * 0.4, h: height - 2 * pad };
        textBox = {
          x: box.x + box.w + pad,
          y: pad,
          w: width - box.w - 3 * pad,
          h: height - 2 * pad,
        };
      } else {
        box = { x: pad, y: height / 2 + pad / 2, w: width - 2 * pad, h: height / 2 - 1.5 * pad };
        textBox = { x: pad, y: pad, w: width - 2 * pad, h: height / 2 - 1.5 * pad };
      }
    }
    const scale = Math.min(box.w / image.width, box.h / image.height);
    const w = image.width * scale;
    const h = image.height * scale;
    ops.push(
      `q ${n(w)} 0 0 ${n(h)} ${n(box.x + (box.w - w) / 2)} ${n(box.y + (box.h - h) / 2)} cm /Im1 Do Q`,
    );
  }
  if (textLines.length > 0 && textBox.w > 0 && textBox.h > 0) {
    const widest = Math.max(...textLines.map(textWidth), 0.01);
    const size = Math.max(
      1,
      Math.min(textBox.h / (textLines.length * 1.2), textBox.w / widest, 14),
    );
    const leading = size * 1.2;
    const blockHeight = leading * textLines.length;
    const top = textBox.y + textBox.h - (textBox.h - blockHeight) / 2;
    const color = options.textColor ?? [0, 0, 0];
    ops.push(`BT /F1 ${n(size)} Tf ${color.map(n).join(' ')} rg ${n(leading)} TL`);
    ops.push(`${n(textBox.x)} ${n(top - size)} Td`);
    const { encoded } = encodeTextLines(textLines);
    encoded.forEach((line, index) => ops.push(`${index === 0 ? '' : 'T* '}(${literal(line)}) Tj`));
    ops.push('ET');
  }
  return ops.join('\n');
}
