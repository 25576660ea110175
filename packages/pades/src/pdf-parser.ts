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
    const token = this.readToken();
    if (!/^\d+$/.test(token))
      throw damaged(`expected an integer at ${this.pos}, found "${token.slice(0, 20)}"`);
    return Number(token);
  }

  expectKeyword(keyword: string): void {
    const start = this.pos;
    const token = this.readToken();
    if (token !== keyword) throw damaged(`expected "${keyword}" at ${start}`);
  }

  parseValue(depth = 0): PdfValue {
    if (depth > 100) throw damaged('nesting too deep');
    this.skipWhitespace();
    const buf = this.buf;
    const c = buf[this.pos];
    if (c === undefined) throw damaged('unexpected end of file');
    if (c === 0x2f) return this.parseName();
    if (c === 0x3c) {
      if (buf[this.pos + 1] === 0x3c) return this.parseDict(depth);
      return this.parseHexString();
    }
    if (c === 0x28) return this.parseLiteralString();
    if (c === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhitespace();
        const d = buf[this.pos];
        if (d === undefined) throw damaged('unterminated array');
        if (d === 0x5d) {
          this.pos++;
          return items;
        }
        items.push(this.parseValue(depth + 1));
      }
    }
    if (isDigit(c) || c === 0x2b || c === 0x2d || c === 0x2e) return this.parseNumberOrRef();
    const start = this.pos;
    const token = this.readToken();
    if (token === 'true') return true;
    if (token === 'false') return false;
    if (token === 'null') return null;
    throw damaged(`unexpected token "${token.slice(0, 20)}" at ${start}`);
  }

  private parseNumberOrRef(): PdfValue {
    const token = this.readToken();
    const value = Number(token);
    if (!Number.isFinite(value)) {
      // Tolerate malformed numbers such as "--5" or "1.2.3" as readers do.
      const lenient = Number.parseFloat(
        token.replace(/^[-+]+/, (m) => (m.includes('-') ? '-' : '')),
      );
      if (Number.isFinite(lenient)) return lenient;
      throw damaged(`bad number "${token}"`);
    }
    if (!/^\d+$/.test(token)) return value;
    const save = this.pos;
    this.skipWhitespace();
    if (isDigit(this.buf[this.pos])) {
      const genToken = this.readToken();
      if (/^\d+$/.test(genToken)) {
        this.skipWhitespace();
        if (this.buf[this.pos] === 0x52 && !isRegular(this.buf[this.pos + 1])) {
          this.pos++;
          return new PdfRef(value, Number(genToken));
        }
      }
    }
    this.pos = save;
    return value;
  }

  private parseName(): PdfName {
    const buf = this.buf;
    this.pos++;
    const start = this.pos;
    while (isRegular(buf[this.pos])) this.pos++;
    let raw = latin1Text(buf, start, this.pos);
    if (raw.includes('#'))
      raw = raw.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      );
    return new PdfName(raw);
  }

  private parseHexString(): PdfString {
    const buf = this.buf;
    this.pos++;
    const start = this.pos;
    const end = buf.indexOf(0x3e, start);
    if (end < 0) throw damaged('unterminated hex string');
    this.pos = end + 1;
    let hex = Buffer.from(buf.buffer, buf.byteOffset + start, end - start)
      .toString('latin1')
      .replace(/[^0-9a-fA-F]/g, '');
    if (hex.length % 2) hex += '0';
    return new PdfString(Buffer.from(hex, 'hex'));
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

  private parseDict(depth: number): PdfValue {
    const buf = this.buf;
    this.pos += 2;
    const dict = new PdfDict();
    for (;;) {
      this.skipWhitespace();
      const c = buf[this.pos];
      if (c === undefined) throw damaged('unterminated dictionary');
      if (c === 0x3e && buf[this.pos + 1] === 0x3e) {
        this.pos += 2;
        break;
      }
      if (c !== 0x2f) throw damaged(`dictionary key expected at ${this.pos}`);
      const key = this.parseName().name;
      dict.set(key, this.parseValue(depth + 1));
    }
    // A stream follows its dictionary.
    const save = this.pos;
    this.skipWhitespace();
    if (
      buf[this.pos] === 0x73 &&
      this.pos + 6 <= buf.length &&
      latin1Text(buf, this.pos, this.pos + 6) === 'stream' &&
      !isRegular(buf[this.pos + 6])
    ) {
      return this.parseStreamBody(dict);
    }
    this.pos = save;
    return dict;
  }

  private parseStreamBody(dict: PdfDict): PdfStream {
    const buf = this.buf;
    this.pos += 6;
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
    this.skipWhitespace();
    const ok =
      latin1Text(this.buf, this.pos, Math.min(this.pos + 9, this.buf.length)) === 'endstream';
    this.pos = save;
    return ok;
  }

  /** Parses `num gen obj … endobj` at the current position. */
  parseIndirect(): ParsedIndirect {
    const num = this.readInteger();
    const gen = this.readInteger();
    this.expectKeyword('obj');
    const value = this.parseValue();
    const save = this.pos;
    const token = this.readToken();
    if (token !== 'endobj') this.pos = save;
    return { num, gen, value, end: this.pos };
  }
}
