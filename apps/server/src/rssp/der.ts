/**
 * A small DER writer and reader: enough ASN.1 for PKCS#8, SubjectPublicKeyInfo, PKCS#10 and X.509
 * built by hand, so every algorithm (including curves WebCrypto lacks and SLH-DSA) goes through
 * one code path and the bytes that get signed are exactly the bytes that get encoded.
 */

export const tag = {
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
  sequence: 0x30,
  set: 0x31,
} as const;

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One TLV with the given tag byte around the concatenated contents. */
export function tlv(tagByte: number, ...contents: Uint8Array[]): Buffer {
  const body = Buffer.concat(contents);
  return Buffer.concat([Buffer.from([tagByte]), encodeLength(body.length), body]);
}

export const sequence = (...items: Uint8Array[]) => tlv(tag.sequence, ...items);
export const set = (...items: Uint8Array[]) => tlv(tag.set, ...items);
/** Context-specific constructed tag `[n]` (EXPLICIT, or IMPLICIT for constructed types). */
export const contextConstructed = (n: number, ...items: Uint8Array[]) => tlv(0xa0 | n, ...items);
export const nullValue = () => Buffer.from([tag.null, 0]);
export const octetString = (bytes: Uint8Array) => tlv(tag.octetString, bytes);
export const bitString = (bytes: Uint8Array, unusedBits = 0) =>
  tlv(tag.bitString, Buffer.from([unusedBits]), bytes);
export const booleanValue = (value: boolean) => Buffer.from([0x01, 1, value ? 0xff : 0]);

/** INTEGER from a non-negative big-endian magnitude or a small number. */
export function integer(value: number | Uint8Array): Buffer {
  let bytes: Buffer;
  if (typeof value === 'number') {
    const hex = value.toString(16);
    bytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  } else {
    bytes = Buffer.from(value);
  }
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  if ((bytes[0] ?? 0) & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return tlv(tag.integer, bytes);
}

export function oid(dotted: string): Buffer {
  const arcs = dotted.split('.').map((a) => BigInt(a));
  const [first = 0n, second = 0n, ...rest] = arcs;
  const out: number[] = [];
  for (const arc of [first * 40n + second, ...rest]) {
    const chunk: number[] = [];
    let n = arc;
    do {
      chunk.unshift(Number(n & 0x7fn));
      n >>= 7n;
    } while (n > 0n);
    for (let i = 0; i < chunk.length - 1; i++) chunk[i] = (chunk[i] ?? 0) | 0x80;
    out.push(...chunk);
  }
  return tlv(tag.oid, Buffer.from(out));
}

export function string(tagByte: number, value: string): Buffer {
  return tlv(tagByte, Buffer.from(value, tagByte === tag.utf8String ? 'utf8' : 'latin1'));
}

/** UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). */
export function time(date: Date): Buffer {
  const iso = date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const year = date.getUTCFullYear();
  return year < 2050
    ? tlv(tag.utcTime, Buffer.from(`${iso.slice(2)}Z`, 'latin1'))
    : tlv(tag.generalizedTime, Buffer.from(`${iso}Z`, 'latin1'));
}

/** A decoded TLV: its tag, its contents and the raw bytes of the whole element. */
export interface Node {
  tag: number;
  contents: Buffer;
  raw: Buffer;
}

export class DerError extends Error {}

/** Reads one TLV at `offset`. */
export function read(bytes: Buffer, offset = 0): Node {
  const tagByte = bytes[offset];
  const first = bytes[offset + 1];
  if (tagByte === undefined || first === undefined) throw new DerError('truncated DER');
  if ((tagByte & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not supported');
  let length = first;
  let header = 2;
  if (first & 0x80) {
    const count = first & 0x7f;
    if (count === 0 || count > 4) throw new DerError('bad DER length');
    length = 0;
    for (let i = 0; i < count; i++) {
      const b = bytes[offset + 2 + i];
      if (b === undefined) throw new DerError('truncated DER');
      length = length * 256 + b;
    }
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new DerError('truncated DER');
  return {
    tag: tagByte,
    contents: bytes.subarray(offset + header, end),
    raw: bytes.subarray(offset, end),
  };
}

/** The child elements of a constructed element. */
export function children(node: Node): Node[] {
  const out: Node[] = [];
  let offset = 0;
  while (offset < node.contents.length) {
    const child = read(node.contents, offset);
    out.push(child);
    offset += child.raw.length;
  }
  return out;
}

/** Reads a whole buffer as exactly one element. */
export function readAll(bytes: Buffer): Node {
  const node = read(bytes, 0);
  if (node.raw.length !== bytes.length) throw new DerError('trailing bytes after DER element');
  return node;
}

export function decodeOid(node: Node): string {
  if (node.tag !== tag.oid) throw new DerError('expected an OBJECT IDENTIFIER');
  const arcs: bigint[] = [];
  let n = 0n;
  for (const b of node.contents) {
    n = (n << 7n) | BigInt(b & 0x7f);
    if (!(b & 0x80)) {
      arcs.push(n);
      n = 0n;
    }
  }
  const [head = 0n, ...rest] = arcs;
  const first = head < 80n ? head / 40n : 2n;
  return [first, head - first * 40n, ...rest].join('.');
}

/** PEM armour of DER bytes. */
export function toPem(label: string, der: Uint8Array): string {
  const b64 = Buffer.from(der).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Every PEM block with this label, decoded. */
export function fromPem(text: string, label: string): Buffer[] {
  const re = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g');
  return [...text.matchAll(re)].map((match) =>
    Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64'),
  );
}
