/**
 * DER writing. Every writer returns a Buffer (a Uint8Array) allocated once at its final size;
 * Buffers let the rSSP compare and store the bytes without copies.
 */
import { DerError } from './der-error';

export const derTag = {
  boolean: 0x01,
  integer: 0x02,
  bitString: 0x03,
  octetString: 0x04,
  null: 0x05,
  oid: 0x06,
  utf8String: 0x0c,
  printableString: 0x13,
  ia5String: 0x16,
  utcTime: 0x17,
  generalizedTime: 0x18,
  bmpString: 0x1e,
  sequence: 0x30,
  set: 0x31,
} as const;

/** One TLV with the given tag byte around the concatenated contents. */
export function derTlv(tag: number, ...contents: Uint8Array[]): Buffer {
  let length = 0;
  for (const part of contents) length += part.length;
  const lengthBytes =
    length < 0x80 ? 0 : length < 0x100 ? 1 : length < 0x10000 ? 2 : length < 0x1000000 ? 3 : 4;
  const out = Buffer.allocUnsafe(2 + lengthBytes + length);
  out[0] = tag;
  if (lengthBytes === 0) out[1] = length;
  else {
    out[1] = 0x80 | lengthBytes;
    for (let i = 0; i < lengthBytes; i++) out[1 + lengthBytes - i] = (length >>> (8 * i)) & 0xff;
  }
  let pos = 2 + lengthBytes;
  for (const part of contents) {
    out.set(part, pos);
    pos += part.length;
  }
  return out;
}

export const derSequence = (...items: Uint8Array[]): Buffer => derTlv(derTag.sequence, ...items);

/** SET OF with the DER ordering of its elements. */
export function derSet(...items: Uint8Array[]): Buffer {
  const sorted = items.length > 1 ? [...items].sort((a, b) => Buffer.compare(a, b)) : items;
  return derTlv(derTag.set, ...sorted);
}

export const derNull = (): Buffer => Buffer.from([derTag.null, 0x00]);
export const derOctetString = (bytes: Uint8Array): Buffer => derTlv(derTag.octetString, bytes);
export const derBoolean = (value: boolean): Buffer =>
  Buffer.from([derTag.boolean, 0x01, value ? 0xff : 0x00]);
export const derBitString = (bytes: Uint8Array, unusedBits = 0): Buffer =>
  derTlv(derTag.bitString, Uint8Array.of(unusedBits), bytes);
/** Context-specific tag: explicit wraps a whole element, implicit replaces the element's tag. */
export const derExplicit = (n: number, ...inner: Uint8Array[]): Buffer =>
  derTlv(0xa0 | n, ...inner);

export function derImplicit(n: number, element: Uint8Array, constructed = true): Buffer {
  const out = Buffer.from(element);
  out[0] = (constructed ? 0xa0 : 0x80) | n;
  return out;
}

/** A string type: UTF8String as UTF-8, the others (PrintableString, IA5String) as Latin-1. */
export function derString(tag: number, text: string): Buffer {
  return derTlv(tag, Buffer.from(text, tag === derTag.utf8String ? 'utf8' : 'latin1'));
}

export function derIntegerBytes(value: bigint | number): Buffer {
  let v = BigInt(value);
  if (v < 0n) throw new DerError('DER: negative integers are not written');
  const bytes: number[] = [];
  do {
    bytes.unshift(Number(v & 0xffn));
    v >>= 8n;
  } while (v > 0n);
  if ((bytes[0] as number) & 0x80) bytes.unshift(0);
  return derTlv(derTag.integer, Uint8Array.from(bytes));
}

/** INTEGER from unsigned big-endian bytes (an r or s value, a serial number, an RSA modulus). */
export function derUnsignedInteger(bytes: Uint8Array): Buffer {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return (trimmed[0] as number) & 0x80
    ? derTlv(derTag.integer, Uint8Array.of(0), trimmed)
    : derTlv(derTag.integer, trimmed);
}

/** Appends one sub-identifier in base 128, high bit set on all but the last byte. */
function pushArc(out: number[], arc: number | bigint): void {
  const digits: number[] = []; // least significant first
  if (typeof arc === 'number') {
    do {
      digits.push(arc % 128);
      arc = Math.floor(arc / 128);
    } while (arc > 0);
  } else {
    do {
      digits.push(Number(arc & 0x7fn));
      arc >>= 7n;
    } while (arc > 0n);
  }
  for (let i = digits.length - 1; i > 0; i--) out.push((digits[i] as number) | 0x80);
  out.push(digits[0] as number);
}

export function derOidBytes(oid: string): Buffer {
  // Arcs past 2^53 (2.25.<UUID>) are encoded as bigint, the rest as numbers.
  const arcs = oid.split('.').map((part) => {
    const n = Number(part);
    return Number.isSafeInteger(n) ? n : BigInt(part);
  });
  const [first = 0, second = 0, ...rest] = arcs;
  const out: number[] = [];
  pushArc(
    out,
    typeof first === 'number' && typeof second === 'number'
      ? first * 40 + second
      : BigInt(first) * 40n + BigInt(second),
  );
  for (const arc of rest) pushArc(out, arc);
  return derTlv(derTag.oid, Uint8Array.from(out));
}

/** YYYYMMDDHHMMSS of a date, without fractions. */
const timeDigits = (date: Date): string => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

export const derGeneralizedTime = (date: Date): Buffer =>
  derTlv(derTag.generalizedTime, Buffer.from(`${timeDigits(date)}Z`, 'latin1'));

export const derUtcTime = (date: Date): Buffer =>
  derTlv(derTag.utcTime, Buffer.from(`${timeDigits(date).slice(2)}Z`, 'latin1'));

/** A certificate validity time: UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). */
export const derValidityTime = (date: Date): Buffer =>
  date.getUTCFullYear() < 2050 ? derUtcTime(date) : derGeneralizedTime(date);
