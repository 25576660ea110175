/**
 * DER reading: enough for CMS, X.509, PKCS#8/#10 and RFC 3161. Nodes are offsets into the buffer
 * they were read from, so walking a structure allocates nothing but the nodes.
 */
import { DerError } from './der-error';

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

/** Reads one element at `offset`; it must end by `limit` (its container's end). */
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

/** Reads a whole buffer as exactly one element. */
export function readDerAll(buffer: Uint8Array): DerNode {
  const node = readDer(buffer);
  if (node.end !== buffer.length) throw new DerError('DER: trailing bytes after the element');
  return node;
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

/** A Buffer view (no copy), so callers can compare and encode it without converting. */
function view(bytes: Uint8Array, start: number, end: number): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start);
}

/** The content bytes (without tag and length), as a view. */
export function derContent(node: DerNode): Buffer {
  return view(node.buffer, node.contentStart, node.end);
}

/** The whole element (tag, length and content), as a view. */
export function derBytes(node: DerNode): Buffer {
  return view(node.buffer, node.start, node.end);
}

/** Above this a sub-identifier times 128 would no longer be an exact number. */
const MAX_EXACT_ARC_PREFIX = 2 ** 46 - 1;

export function derOid(node: DerNode): string {
  if (node.tag !== 0x06) throw new DerError('DER: expected an OBJECT IDENTIFIER');
  const parts: (number | bigint)[] = [];
  let value = 0;
  // Arcs past 2^53 (2.25.<UUID>) continue as bigint; every other arc stays a fast number.
  let big: bigint | undefined;
  for (let i = node.contentStart; i < node.end; i++) {
    const byte = node.buffer[i] as number;
    if (big !== undefined) big = (big << 7n) | BigInt(byte & 0x7f);
    else if (value > MAX_EXACT_ARC_PREFIX) big = (BigInt(value) << 7n) | BigInt(byte & 0x7f);
    else value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      const arc = big ?? value;
      if (parts.length > 0) parts.push(arc);
      else if (typeof arc === 'bigint') parts.push(2, arc - 80n);
      else {
        const first = arc < 80 ? Math.floor(arc / 40) : 2;
        parts.push(first, arc - first * 40);
      }
      value = 0;
      big = undefined;
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
  const text = derContent(node).toString('latin1');
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
