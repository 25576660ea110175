/**
 * Minimal DER reader and writer: enough for CMS, X.509, RFC 3161 and nothing else.
 * Nodes reference the buffer they were read from; nothing is copied while reading.
 */

export interface DerNode {
  readonly tag: number;
  /** Offset of the tag byte. */
  readonly start: number;
  /** Offset of the first content byte. */
  readonly contentStart: number;
  /** Offset after the last content byte. */
  readonly end: number;
  readonly buffer: Uint8Array;
}

export class DerError extends Error {}

export function readDer(buffer: Uint8Array, offset = 0, limit = buffer.length): DerNode {
  if (offset + 2 > limit) throw new DerError('DER: truncated header');
  const tag = buffer[offset] as number;
  if ((tag & 0x1f) === 0x1f) throw new DerError('DER: multi-byte tags are not supported');
  let lengthByte = buffer[offset + 1] as number;
  let contentStart = offset + 2;
  let length = lengthByte;
  if (lengthByte & 0x80) {
    const count = lengthByte & 0x7f;
    if (count === 0 || count > 4) throw new DerError('DER: unsupported length');
    if (contentStart + count > limit) throw new DerError('DER: truncated length');
    length = 0;
    for (let i = 0; i < count; i++) {
      lengthByte = buffer[contentStart + i] as number;
      length = length * 256 + lengthByte;
    }
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > limit) throw new DerError('DER: content runs past its container');
  return { tag, start: offset, contentStart, end, buffer };
}

export function derChildren(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  let pos = node.contentStart;
  while (pos < node.end) {
    const child = readDer(node.buffer, pos, node.end);
    out.push(child);
    pos = child.end;
  }
  return out;
}

export function derChild(node: DerNode, index: number): DerNode {
  const child = derChildren(node)[index];
  if (!child) throw new DerError(`DER: missing element ${index}`);
  return child;
}

export function derContent(node: DerNode): Uint8Array {
  return node.buffer.subarray(node.contentStart, node.end);
}

export function derBytes(node: DerNode): Uint8Array {
  return node.buffer.subarray(node.start, node.end);
}

export function derOid(node: DerNode): string {
  if (node.tag !== 0x06) throw new DerError('DER: expected an OBJECT IDENTIFIER');
  const bytes = derContent(node);
  const parts: number[] = [];
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      if (parts.length === 0) {
        const first = value < 80 ? Math.floor(value / 40) : 2;
        parts.push(first, value - first * 40);
      } else parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

export function derInteger(node: DerNode): bigint {
  const bytes = derContent(node);
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  if (bytes.length > 0 && (bytes[0] as number) & 0x80) value -= 1n << BigInt(bytes.length * 8);
  return value;
}

/** UTCTime has a two-digit year, GeneralizedTime a four-digit one. */
const UTC_TIME = /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(\.\d+)?Z$/;
const GENERALIZED_TIME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(\.\d+)?Z$/;

export function derTime(node: DerNode): Date {
  const text = Buffer.from(derContent(node)).toString('latin1');
  const match = (node.tag === 0x17 ? UTC_TIME : GENERALIZED_TIME).exec(text);
  if (!match) throw new DerError(`DER: unsupported time ${text}`);
  let year = Number(match[1]);
  if (node.tag === 0x17) year += year < 50 ? 2000 : 1900;
  const ms = match[7] ? Math.round(Number(match[7]) * 1000) : 0;
  return new Date(
    Date.UTC(
      year,
      Number(match[2]) - 1,
      Number(match[3]),
      Number(match[4]),
      Number(match[5]),
      Number(match[6] ?? 0),
      ms,
    ),
  );
}

// ---- writing ----

function encodeLength(length: number): Uint8Array {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  while (length > 0) {
    bytes.unshift(length & 0xff);
    length = Math.floor(length / 256);
  }
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function derTlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const length = contents.reduce((sum, part) => sum + part.length, 0);
  const header = encodeLength(length);
  const out = new Uint8Array(1 + header.length + length);
  out[0] = tag;
  out.set(header, 1);
  let pos = 1 + header.length;
  for (const part of contents) {
    out.set(part, pos);
    pos += part.length;
  }
  return out;
}

export const derSequence = (...items: Uint8Array[]): Uint8Array => derTlv(0x30, ...items);

/** SET OF with the DER ordering of its elements. */
export function derSet(...items: Uint8Array[]): Uint8Array {
  const sorted = [...items].sort((a, b) => Buffer.compare(a, b));
  return derTlv(0x31, ...sorted);
}

export const derNull = (): Uint8Array => Uint8Array.of(0x05, 0x00);
export const derOctetString = (bytes: Uint8Array): Uint8Array => derTlv(0x04, bytes);
export const derBoolean = (value: boolean): Uint8Array =>
  Uint8Array.of(0x01, 0x01, value ? 0xff : 0x00);
export const derBitString = (bytes: Uint8Array): Uint8Array =>
  derTlv(0x03, Uint8Array.of(0), bytes);
/** Context-specific tag: explicit wraps a whole element, implicit replaces the element's tag. */
export const derExplicit = (n: number, ...inner: Uint8Array[]): Uint8Array =>
  derTlv(0xa0 | n, ...inner);
export const derUtf8 = (text: string): Uint8Array => derTlv(0x0c, Buffer.from(text, 'utf8'));

export function derImplicit(n: number, element: Uint8Array, constructed = true): Uint8Array {
  const out = Uint8Array.from(element);
  out[0] = (constructed ? 0xa0 : 0x80) | n;
  return out;
}

export function derIntegerBytes(value: bigint | number): Uint8Array {
  let v = BigInt(value);
  if (v < 0n) throw new DerError('DER: negative integers are not written');
  const bytes: number[] = [];
  do {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  } while (v > 0n);
  if ((bytes[0] as number) & 0x80) bytes.unshift(0);
  return derTlv(0x02, Uint8Array.from(bytes));
}

/** INTEGER from unsigned big-endian bytes (an r or s value, a serial number). */
export function derUnsignedInteger(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return (trimmed[0] as number) & 0x80
    ? derTlv(0x02, Uint8Array.of(0), trimmed)
    : derTlv(0x02, trimmed);
}

export function derOidBytes(oid: string): Uint8Array {
  const parts = oid.split('.').map(Number);
  const bytes: number[] = [];
  const push = (value: number): void => {
    const chunk: number[] = [value & 0x7f];
    value = Math.floor(value / 128);
    while (value > 0) {
      chunk.unshift((value & 0x7f) | 0x80);
      value = Math.floor(value / 128);
    }
    bytes.push(...chunk);
  };
  push((parts[0] as number) * 40 + (parts[1] as number));
  for (const part of parts.slice(2)) push(part);
  return derTlv(0x06, Uint8Array.from(bytes));
}

export function derGeneralizedTime(date: Date): Uint8Array {
  const text = date
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return derTlv(0x18, Buffer.from(text, 'latin1'));
}

export function derUtcTime(date: Date): Uint8Array {
  const text = date
    .toISOString()
    .slice(2)
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return derTlv(0x17, Buffer.from(text, 'latin1'));
}
