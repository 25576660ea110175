import { PdfError } from './errors';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './pdf-objects';

const WHITESPACE = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WHITESPACE[c] = 1;
const DELIMITER = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIMITER[c.charCodeAt(0)] = 1;

export const isWhitespace = (c: number | undefined): boolean =>
  c !== undefined && WHITESPACE[c] === 1;
const isRegular = (c: number | undefined): boolean =>
  c !== undefined && !WHITESPACE[c] && !DELIMITER[c];
const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 48 && c <= 57;
const HEX_VALUE = new Uint8Array(256).fill(0xff);
for (let i = 0; i < 16; i++) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/**
 * The bytes as a Latin-1 string. Tokens and names are short, and building those from char codes
 * is several times cheaper than a Buffer view per token, which dominated parsing time.
 */
function latin1Text(buf: Uint8Array, start: number, end: number): string {
  if (end - start > 32)
    return Buffer.from(buf.buffer, buf.byteOffset + start, end - start).toString('latin1');
  let text = '';
  for (let i = start; i < end; i++) text += String.fromCharCode(buf[i] as number);
  return text;
}

/** Whether `buf[start, end)` spells `text`. */
function sameText(buf: Uint8Array, start: number, end: number, text: string): boolean {
  if (end - start !== text.length) return false;
  for (let i = 0; i < text.length; i++) if (buf[start + i] !== text.charCodeAt(i)) return false;
  return true;
}

/**
 * The names of the structure the engine reads (trailers, cross-reference streams, the catalog,
 * pages, fields and widgets), by the hash `readNameText` computes while scanning: these come back
 * as the same strings without one being built per occurrence.
 */
const KNOWN_NAMES = new Map<number, string>();
for (const name of [
  ...['Type', 'Subtype', 'Root', 'Info', 'ID', 'Prev', 'Size', 'XRefStm', 'Encrypt', 'XRef'],
  ...['W', 'Index', 'Length', 'Filter', 'DecodeParms', 'FlateDecode', 'Predictor', 'Columns'],
  ...['ObjStm', 'N', 'First', 'Extends', 'Catalog', 'Pages', 'Page', 'Kids', 'Count', 'Parent'],
  ...['MediaBox', 'CropBox', 'Resources', 'Contents', 'Annots', 'Rotate', 'AcroForm', 'Fields'],
  ...['SigFlags', 'DA', 'DR', 'NeedAppearances', 'Perms', 'DocMDP', 'Metadata', 'Names'],
  ...['Outlines', 'StructTreeRoot', 'MarkInfo', 'Lang', 'OpenAction', 'PageMode', 'Version'],
  ...['Annot', 'Widget', 'Link', 'FT', 'Sig', 'T', 'TU', 'V', 'F', 'Ff', 'P', 'Rect', 'AP', 'AS'],
  ...['MK', 'Border', 'BS', 'ByteRange', 'Reference', 'M', 'Name', 'Reason', 'Location'],
  ...['ContactInfo', 'SubFilter', 'Adobe.PPKLite', 'ETSI.CAdES.detached', 'adbe.pkcs7.detached'],
  ...['XObject', 'Form', 'Image', 'BBox', 'Matrix', 'Font', 'ProcSet', 'ExtGState', 'Group'],
  ...['Width', 'Height', 'ColorSpace', 'BitsPerComponent', 'DeviceRGB', 'DeviceGray', 'SMask'],
  ...['Producer', 'Creator', 'CreationDate', 'ModDate', 'Title', 'Author', 'Trapped', 'S'],
]) {
  let hash = 0;
  for (let i = 0; i < name.length; i++) hash = (hash * 31 + name.charCodeAt(i)) | 0;
  if (!KNOWN_NAMES.has(hash)) KNOWN_NAMES.set(hash, name);
}

function damaged(message: string): PdfError {
  return new PdfError('DAMAGED_PDF', message);
}

export interface ParsedIndirect {
  num: number;
  gen: number;
  value: PdfValue;
  /** Offset after `endobj` (or after the value when `endobj` is missing). */
  end: number;
}

/** A tokenizer and recursive-descent parser over a byte buffer, positioned at `pos`. */
export class PdfParser {
  pos: number;

  constructor(
    readonly buf: Uint8Array,
    pos = 0,
    /** Resolves an indirect `/Length` of a stream. */
    private readonly resolveLength?: (ref: PdfRef) => number | undefined,
  ) {
    this.pos = pos;
  }

  skipWhitespace(): void {
    const buf = this.buf;
    for (;;) {
      const c = buf[this.pos];
      if (c === undefined) return;
      if (WHITESPACE[c]) this.pos++;
      else if (c === 37) {
        while (this.pos < buf.length && buf[this.pos] !== 10 && buf[this.pos] !== 13) this.pos++;
      } else return;
    }
  }

  /** Reads a run of regular characters (a keyword or a number). */
  readToken(): string {
    this.skipWhitespace();
    const start = this.pos;
    while (isRegular(this.buf[this.pos])) this.pos++;
    return latin1Text(this.buf, start, this.pos);
  }

  readInteger(): number {
    this.skipWhitespace();
    const start = this.pos;
    const value = this.scanInteger();
    if (value === undefined || isRegular(this.buf[this.pos])) {
      this.pos = start;
      const token = this.readToken();
      throw damaged(`expected an integer at ${start}, found "${token.slice(0, 20)}"`);
    }
    return value;
  }

  expectKeyword(keyword: string): void {
    if (!this.skipKeyword(keyword)) throw damaged(`expected "${keyword}" at ${this.pos}`);
  }

  /** Moves past `keyword` when it is the next token; stays put otherwise. */
  skipKeyword(keyword: string): boolean {
    const save = this.pos;
    this.skipWhitespace();
    const end = this.pos + keyword.length;
    if (sameText(this.buf, this.pos, end, keyword) && !isRegular(this.buf[end])) {
      this.pos = end;
      return true;
    }
    this.pos = save;
    return false;
  }

  /**
   * Parses the value at the current position. With `only`, a dictionary keeps just those keys (and
   * /Length, for a stream) and the other values are skipped without being built: reading one entry
   * of many objects then costs a scan, not a parse.
   */
  parseValue(depth = 0, only?: ReadonlySet<string>): PdfValue {
    if (depth > 100) throw damaged('nesting too deep');
    this.skipWhitespace();
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === undefined) throw damaged('unexpected end of file');
    if (c === 0x2f) return this.parseName();
    if (c === 0x3c) {
      if (buf[this.pos + 1] === 0x3c) return this.parseDict(depth, only);
      return this.parseHexString();
    }
    if (c === 0x28) return this.parseLiteralString();
    if (c === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      while (!this.endOfArray()) items.push(this.parseValue(depth + 1));
      return items;
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.parseNumberOrRef();
    const start = this.pos;
    const token = this.readToken();
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    throw damaged(`unexpected token "${token.slice(0, 20)}" at ${start}`);
  }

  /**
   * Object numbers, generations, counts and offsets are plain integers, most of them in `n g R`
   * references: those are read digit by digit with no token string; anything else (a sign, a
   * decimal point, a malformed number) takes the general path.
   */
  private parseNumberOrRef(): PdfValue {
    const buf = this.buf;
    const start = this.pos;
    const value = this.scanInteger();
    if (value === undefined || isRegular(buf[this.pos])) {
      this.pos = start;
      return this.parseNumberToken();
    }
    const save = this.pos;
    this.skipWhitespace();
    const gen = this.scanInteger();
    if (gen !== undefined && !isRegular(buf[this.pos])) {
      this.skipWhitespace();
      if (buf[this.pos] === 0x52 && !isRegular(buf[this.pos + 1])) {
        this.pos++;
        return new PdfRef(value, gen);
      }
    }
    this.pos = save;
    return value;
  }

  /** Reads a run of digits as a number; undefined (and no move) when there is none. */
  private scanInteger(): number | undefined {
    const buf = this.buf;
    const start = this.pos;
    let value = 0;
    for (let c = buf[this.pos]; c !== undefined && c >= 48 && c <= 57; c = buf[++this.pos])
      value = value * 10 + c - 48;
    return this.pos === start ? undefined : value;
  }

  private parseNumberToken(): number {
    const token = this.readToken();
    const value = Number(token);
    if (Number.isFinite(value)) return value;
    // Tolerate malformed numbers such as "--5" or "1.2.3" as readers do.
    const lenient = Number.parseFloat(token.replace(/^[-+]+/, (m) => (m.includes('-') ? '-' : '')));
    if (Number.isFinite(lenient)) return lenient;
    throw damaged(`bad number "${token}"`);
  }

  private parseName(): PdfName {
    return new PdfName(this.readNameText());
  }

  /** The name at `/` as text: a known name without building a string, `#xx` escapes decoded. */
  private readNameText(): string {
    const buf = this.buf;
    this.pos++;
    const start = this.pos;
    let hash = 0;
    let escaped = false;
    for (let c = buf[this.pos]; isRegular(c); c = buf[++this.pos]) {
      hash = (hash * 31 + (c as number)) | 0;
      if (c === 0x23) escaped = true;
    }
    const known = KNOWN_NAMES.get(hash);
    if (known !== undefined && sameText(buf, start, this.pos, known)) return known;
    const raw = latin1Text(buf, start, this.pos);
    if (!escaped) return raw;
    return raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }

  private parseHexString(): PdfString {
    const buf = this.buf;
    this.pos++;
    const start = this.pos;
    const end = buf.indexOf(0x3e, start);
    if (end < 0) throw damaged('unterminated hex string');
    this.pos = end + 1;
    // Digits straight from the bytes, skipping white space; counted first so that the result is
    // allocated at its size (a typed-array view of a longer one costs more than the decoding).
    let digits = 0;
    for (let i = start; i < end; i++) if (HEX_VALUE[buf[i] as number] !== 0xff) digits++;
    const out = new Uint8Array((digits + 1) >> 1);
    let length = 0;
    let high = -1;
    for (let i = start; i < end; i++) {
      const digit = HEX_VALUE[buf[i] as number] as number;
      if (digit === 0xff) continue;
      if (high < 0) high = digit;
      else {
        out[length++] = (high << 4) | digit;
        high = -1;
      }
    }
    if (high >= 0) out[length] = high << 4;
    return new PdfString(out);
  }

  private parseLiteralString(): PdfString {
    const buf = this.buf;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < buf.length) {
      let c = buf[this.pos++] as number;
      if (c === 0x5c) {
        c = buf[this.pos++] as number;
        switch (c) {
          case 0x6e:
            out.push(10);
            break;
          case 0x72:
            out.push(13);
            break;
          case 0x74:
            out.push(9);
            break;
          case 0x62:
            out.push(8);
            break;
          case 0x66:
            out.push(12);
            break;
          case 0x0d:
            if (buf[this.pos] === 0x0a) this.pos++;
            break;
          case 0x0a:
            break;
          default:
            if (c >= 0x30 && c <= 0x37) {
              let octal = c - 0x30;
              for (
                let i = 0;
                i < 2 && (buf[this.pos] as number) >= 0x30 && (buf[this.pos] as number) <= 0x37;
                i++
              ) {
                octal = octal * 8 + ((buf[this.pos++] as number) - 0x30);
              }
              out.push(octal & 0xff);
            } else out.push(c);
        }
        continue;
      }
      if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) return new PdfString(Uint8Array.from(out));
      out.push(c);
    }
    throw damaged('unterminated string');
  }

  private parseDict(depth: number, only?: ReadonlySet<string>): PdfValue {
    const buf = this.buf;
    this.pos += 2;
    const dict = new PdfDict();
    while (!this.endOfDict()) {
      if (buf[this.pos] !== 0x2f) throw damaged(`dictionary key expected at ${this.pos}`);
      const key = this.readNameText();
      if (only && !only.has(key) && key !== 'Length') this.skipValue(depth + 1);
      else dict.set(key, this.parseValue(depth + 1));
    }
    // A stream follows its dictionary.
    return this.skipKeyword('stream') ? this.parseStreamBody(dict) : dict;
  }

  /** Whether the dictionary ends here, past white space; if so, moves past its `>>`. */
  private endOfDict(): boolean {
    this.skipWhitespace();
    const c = this.buf[this.pos];
    if (c === undefined) throw damaged('unterminated dictionary');
    if (c !== 0x3e || this.buf[this.pos + 1] !== 0x3e) return false;
    this.pos += 2;
    return true;
  }

  /** Whether the array ends here, past white space; if so, moves past its `]`. */
  private endOfArray(): boolean {
    this.skipWhitespace();
    const c = this.buf[this.pos];
    if (c === undefined) throw damaged('unterminated array');
    if (c !== 0x5d) return false;
    this.pos++;
    return true;
  }

  /** Moves past one value without building it (names, strings and numbers are not decoded). */
  private skipValue(depth: number): void {
    if (depth > 100) throw damaged('nesting too deep');
    this.skipWhitespace();
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === undefined) throw damaged('unexpected end of file');
    if (c === 0x3c && buf[this.pos + 1] === 0x3c) {
      this.pos += 2;
      while (!this.endOfDict()) {
        this.skipValue(depth + 1); // the key
        this.skipValue(depth + 1);
      }
    } else if (c === 0x3c) {
      const end = buf.indexOf(0x3e, this.pos + 1);
      if (end < 0) throw damaged('unterminated hex string');
      this.pos = end + 1;
    } else if (c === 0x28) this.parseLiteralString();
    else if (c === 0x5b) {
      this.pos++;
      while (!this.endOfArray()) this.skipValue(depth + 1);
    } else if (isDigit(c)) {
      // An integer may start an `n g R` reference, which is one value.
      this.parseNumberOrRef();
    } else {
      // A name (past its slash), another number or a keyword: a run of regular characters.
      if (c === 0x2f) this.pos++;
      else if (!isRegular(c))
        throw damaged(`unexpected "${String.fromCharCode(c)}" at ${this.pos}`);
      while (isRegular(buf[this.pos])) this.pos++;
    }
  }

  /** The stream data after the `stream` keyword. */
  private parseStreamBody(dict: PdfDict): PdfStream {
    const buf = this.buf;
    if (buf[this.pos] === 0x0d) this.pos++;
    if (buf[this.pos] === 0x0a) this.pos++;
    const start = this.pos;
    const lengthValue = dict.get('Length');
    let length =
      typeof lengthValue === 'number'
        ? lengthValue
        : lengthValue instanceof PdfRef
          ? this.resolveLength?.(lengthValue)
          : undefined;
    if (length === undefined || !this.endstreamAt(start + length)) {
      const marker = Buffer.from(buf.buffer, buf.byteOffset, buf.length).indexOf(
        'endstream',
        start,
        'latin1',
      );
      if (marker < 0) throw damaged('stream without endstream');
      length = marker - start;
      if (buf[start + length - 1] === 0x0a) length--;
      if (buf[start + length - 1] === 0x0d) length--;
    }
    const data = buf.subarray(start, start + length);
    this.pos = start + length;
    this.skipWhitespace();
    this.pos += 9;
    return new PdfStream(dict, data);
  }

  private endstreamAt(pos: number): boolean {
    if (pos > this.buf.length) return false;
    const save = this.pos;
    this.pos = pos;
    const ok = this.skipKeyword('endstream');
    this.pos = save;
    return ok;
  }

  /** Parses `num gen obj … endobj` at the current position; `only` as for `parseValue`. */
  parseIndirect(only?: ReadonlySet<string>): ParsedIndirect {
    const num = this.readInteger();
    const gen = this.readInteger();
    this.expectKeyword('obj');
    const value = this.parseValue(0, only);
    this.skipKeyword('endobj');
    return { num, gen, value, end: this.pos };
  }
}
