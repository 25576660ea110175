import { crc32, inflateSync } from 'node:zlib';

/** Most pixels an image of a profile or background may have (a 1 MB PNG could inflate to GBs). */
export const maxImagePixels = 16_000_000;

export interface ImageHeader {
  type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const pngChannels: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * A PNG read to its end before any decoder sees it: every chunk inside the file with a correct
 * CRC, IHDR first, IEND last, sane dimensions, and the image data inflating to exactly the
 * size its header promises. Null for anything else (native decoders crash on cut-off files).
 */
function checkPng(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 8 + 25 + 12 || !bytes.subarray(0, 8).equals(pngSignature)) return null;
  let pos = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let colorType = -1;
  let interlace = 0;
  let ended = false;
  const idat: Buffer[] = [];
  while (pos + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(pos);
    if (pos + 12 + length > bytes.length) return null;
    const type = bytes.toString('latin1', pos + 4, pos + 8);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== bytes.readUInt32BE(pos + 8 + length))
      return null;
    if (pos === 8 && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (length !== 13) return null;
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8] ?? 0;
      colorType = data[9] ?? -1;
      interlace = data[12] ?? 0;
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + length;
    if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  const channels = pngChannels[colorType];
  if (!ended || !channels || idat.length === 0 || ![1, 2, 4, 8, 16].includes(depth)) return null;
  if (!(width > 0 && height > 0) || width * height > maxImagePixels) return null;
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  let expected = 0;
  if (interlace === 0) expected = height * (rowBytes + 1);
  else {
    // Adam7: seven sub-images, each row with its filter byte.
    const passes = [
      [0, 0, 8, 8],
      [4, 0, 8, 8],
      [0, 4, 4, 8],
      [2, 0, 4, 4],
      [0, 2, 2, 4],
      [1, 0, 2, 2],
      [0, 1, 1, 2],
    ] as const;
    for (const [x0, y0, dx, dy] of passes) {
      const w = Math.ceil((width - x0) / dx);
      const h = Math.ceil((height - y0) / dy);
      if (w > 0 && h > 0) expected += h * (Math.ceil((w * channels * depth) / 8) + 1);
    }
  }
  try {
    const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
    if (raw.length !== expected) return null;
  } catch {
    return null;
  }
  return { type: 'image/png', width, height };
}

/**
 * A JPEG walked marker by marker: SOI, segments inside the file, a frame header with sane
 * dimensions, a scan, and EOI at the end. Null for anything else.
 */
function checkJpeg(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return null;
  let pos = 2;
  let width = 0;
  let height = 0;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) return null;
    const marker = bytes[pos + 1] ?? 0;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = bytes.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > bytes.length) return null;
    const isFrame =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) {
      if (length < 8) return null;
      height = bytes.readUInt16BE(pos + 5);
      width = bytes.readUInt16BE(pos + 7);
    }
    if (marker === 0xda) {
      // Start of scan: the entropy-coded data runs to the EOI checked above.
      if (!(width > 0 && height > 0) || width * height > maxImagePixels) return null;
      return { type: 'image/jpeg', width, height };
    }
    pos += 2 + length;
  }
  return null;
}

/** The header of a well-formed PNG or JPEG, or null. */
export function checkImage(bytes: Uint8Array): ImageHeader | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return checkPng(buffer) ?? checkJpeg(buffer);
}
