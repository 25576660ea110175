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
}

// Helvetica advance widths (1/1000 em) for ASCII 32–126.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
  556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
  611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
  667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
  222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += HELVETICA[ch.charCodeAt(0) - 32] ?? 556;
  return width / 1000;
}

/** WinAnsi bytes of a line, escaped for a literal string; characters outside Latin-1 become "?". */
function winAnsiLiteral(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 63;
    const c = code < 256 && code >= 32 ? String.fromCharCode(code) : '?';
    out += c === '(' || c === ')' || c === '\\' ? '\\' + c : c;
  }
  return out;
}

const n = (value: number): string =>
  Number.isInteger(value) ? String(value) : value.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');

/**
 * The content stream of the appearance form XObject: the image fitted on the left (or top) and
 * the text lines in Helvetica, sized to fit the box. Resources are named /Im1 and /F1.
 */
export function buildAppearanceContent(options: {
  width: number;
  height: number;
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
    textLines.forEach((line, index) =>
      ops.push(`${index === 0 ? '' : 'T* '}(${winAnsiLiteral(line)}) Tj`),
    );
    ops.push('ET');
  }
  return ops.join('\n');
}
