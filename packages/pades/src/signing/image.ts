import { deflateSync } from 'node:zlib';
import { inflate, PdfDict, PdfError, PdfName, unpredict, type PdfValue } from '../pdf';

/** An image ready to be written as an image XObject (and its soft mask for PNG transparency). */
export interface PdfImage {
  width: number;
  height: number;
  dict: PdfDict;
  data: Uint8Array;
  softMask?: { dict: PdfDict; data: Uint8Array };
}

const invalid = (message: string): PdfError => new PdfError('INVALID_IMAGE', message);

export function loadImage(bytes: Uint8Array): PdfImage {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return loadJpeg(bytes);
  if (Buffer.from(bytes.subarray(0, 8)).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])))
    return loadPng(bytes);
  throw invalid('the appearance image must be a PNG or a JPEG');
}

function imageDict(width: number, height: number, colorSpace: PdfValue, bpc: number): PdfDict {
  return new PdfDict([
    ['Type', new PdfName('XObject')],
    ['Subtype', new PdfName('Image')],
    ['Width', width],
    ['Height', height],
    ['ColorSpace', colorSpace],
    ['BitsPerComponent', bpc],
  ]);
}

function loadJpeg(bytes: Uint8Array): PdfImage {
  let pos = 2;
  while (pos + 9 < bytes.length) {
    if (bytes[pos] !== 0xff) throw invalid('corrupt JPEG');
    const marker = bytes[pos + 1] as number;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    const length = ((bytes[pos + 2] as number) << 8) | (bytes[pos + 3] as number);
    const isSof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      const height = ((bytes[pos + 5] as number) << 8) | (bytes[pos + 6] as number);
      const width = ((bytes[pos + 7] as number) << 8) | (bytes[pos + 8] as number);
      const components = bytes[pos + 9] as number;
      const space = components === 1 ? 'DeviceGray' : components === 4 ? 'DeviceCMYK' : 'DeviceRGB';
      const dict = imageDict(width, height, new PdfName(space), 8).set(
        'Filter',
        new PdfName('DCTDecode'),
      );
      if (components === 4) dict.set('Decode', [1, 0, 1, 0, 1, 0, 1, 0]);
      return { width, height, dict, data: bytes };
    }
    pos += 2 + length;
  }
  throw invalid('JPEG without a frame header');
}

function loadPng(bytes: Uint8Array): PdfImage {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let pos = 8;
  let width = 0;
  let height = 0;
  let depth = 8;
  let colorType = 0;
  let interlace = 0;
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  while (pos + 8 <= buffer.length) {
    const length = buffer.readUInt32BE(pos);
    const type = buffer.toString('latin1', pos + 4, pos + 8);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (type === 'IHDR') {
      width = buffer.readUInt32BE(pos + 8);
      height = buffer.readUInt32BE(pos + 12);
      depth = data[8] as number;
      colorType = data[9] as number;
      interlace = data[12] as number;
    } else if (type === 'PLTE') palette = data;
    else if (type === 'tRNS') transparency = data;
    else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    pos += 12 + length;
  }
  if (!width || !height || idat.length === 0) throw invalid('corrupt PNG');
  if (interlace) throw invalid('interlaced PNG images are not supported');
  const compressed = Buffer.concat(idat);
  const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[colorType];
  if (!channels) throw invalid(`PNG colour type ${colorType} is not supported`);
  // Opaque 8-bit grey or RGB: the IDAT stream is already a valid FlateDecode stream with predictors.
  if ((colorType === 0 || colorType === 2) && depth === 8 && !transparency) {
    const dict = imageDict(
      width,
      height,
      new PdfName(colorType === 0 ? 'DeviceGray' : 'DeviceRGB'),
      8,
    )
      .set('Filter', new PdfName('FlateDecode'))
      .set(
        'DecodeParms',
        new PdfDict([
          ['Predictor', 15],
          ['Colors', channels],
          ['BitsPerComponent', 8],
          ['Columns', width],
        ]),
      );
    return { width, height, dict, data: compressed };
  }
  const raw = unpredict(
    inflate(compressed),
    new PdfDict([
      ['Predictor', 15],
      ['Colors', channels],
      ['BitsPerComponent', depth],
      ['Columns', width],
    ]),
  );
  const rowBytes = Math.ceil((width * channels * depth) / 8);
  const sample = (row: number, index: number): number => {
    if (depth === 8) return raw[row * rowBytes + index] as number;
    if (depth === 16) return raw[row * rowBytes + index * 2] as number;
    const bitPos = index * depth;
    const byte = raw[row * rowBytes + (bitPos >> 3)] as number;
    return (byte >> (8 - depth - (bitPos & 7))) & ((1 << depth) - 1);
  };
  const isGray = colorType === 0 || colorType === 4;
  const colorOut = Buffer.alloc(width * height * (isGray ? 1 : 3));
  const alpha = Buffer.alloc(width * height, 255);
  let hasAlpha = false;
  const scale = depth < 8 && colorType !== 3 ? 255 / ((1 << depth) - 1) : 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (colorType === 3) {
        const index = sample(y, x);
        colorOut[p * 3] = palette?.[index * 3] ?? 0;
        colorOut[p * 3 + 1] = palette?.[index * 3 + 1] ?? 0;
        colorOut[p * 3 + 2] = palette?.[index * 3 + 2] ?? 0;
        if (transparency && index < transparency.length) alpha[p] = transparency[index] as number;
      } else if (isGray) {
        colorOut[p] = Math.round(sample(y, x * channels) * scale);
        if (colorType === 4) alpha[p] = sample(y, x * channels + 1);
      } else {
        for (let c = 0; c < 3; c++) colorOut[p * 3 + c] = sample(y, x * channels + c);
        if (colorType === 6) alpha[p] = sample(y, x * channels + 3);
      }
      if (alpha[p] !== 255) hasAlpha = true;
    }
  }
  const dict = imageDict(width, height, new PdfName(isGray ? 'DeviceGray' : 'DeviceRGB'), 8).set(
    'Filter',
    new PdfName('FlateDecode'),
  );
  const image: PdfImage = { width, height, dict, data: deflateSync(colorOut) };
  if (hasAlpha) {
    image.softMask = {
      dict: imageDict(width, height, new PdfName('DeviceGray'), 8).set(
        'Filter',
        new PdfName('FlateDecode'),
      ),
      data: deflateSync(alpha),
    };
  }
  return image;
}
