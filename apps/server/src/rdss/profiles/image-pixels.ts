import { convertIndexedToRgb, decode as decodePng } from 'fast-png';
import { decode as decodeJpeg } from 'jpeg-js';
import { maxImagePixels } from './image-check';
import type { ImageType } from './signature-profile-table';

/** Image bytes with the type their own first bytes show. */
export interface StoredImage {
  bytes: Uint8Array;
  type: ImageType;
}

/** An image decoded to 8-bit RGBA, row by row. */
export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/** Samples of a PNG row packed below 8 bits, spread to one value a sample (0–255). */
function unpackGray(data: ArrayLike<number>, width: number, height: number, depth: number) {
  const out = new Uint8Array(width * height);
  const rowBytes = Math.ceil((width * depth) / 8);
  const max = (1 << depth) - 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const bit = x * depth;
      const byte = data[y * rowBytes + (bit >> 3)] ?? 0;
      const value = (byte >> (8 - depth - (bit & 7))) & max;
      out[y * width + x] = Math.round((value * 255) / max);
    }
  }
  return out;
}

function pngPixels(bytes: Uint8Array): Pixels {
  const png = decodePng(bytes);
  const { width, height } = png;
  let channels = png.channels;
  let samples: ArrayLike<number> = png.data;
  if (png.palette) {
    samples = convertIndexedToRgb(png);
    channels = samples.length / (width * height);
  } else if (png.depth === 16) {
    samples = Uint8Array.from(png.data, (v) => v >> 8);
  } else if (png.depth < 8) {
    samples = unpackGray(png.data, width, height, png.depth);
    channels = 1;
  }
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let p = 0; p < width * height; p++) {
    const s = p * channels;
    const gray = channels <= 2;
    rgba[p * 4] = samples[s] ?? 0;
    rgba[p * 4 + 1] = (gray ? samples[s] : samples[s + 1]) ?? 0;
    rgba[p * 4 + 2] = (gray ? samples[s] : samples[s + 2]) ?? 0;
    rgba[p * 4 + 3] =
      channels === 2 ? (samples[s + 1] ?? 255) : channels === 4 ? (samples[s + 3] ?? 255) : 255;
  }
  return { width, height, rgba };
}

function jpegPixels(bytes: Uint8Array): Pixels {
  const jpeg = decodeJpeg(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    tolerantDecoding: false,
    maxResolutionInMP: maxImagePixels / 1_000_000,
    maxMemoryUsageInMB: 256,
  });
  return {
    width: jpeg.width,
    height: jpeg.height,
    rgba: new Uint8ClampedArray(jpeg.data.buffer, jpeg.data.byteOffset, jpeg.data.length),
  };
}

/**
 * Decodes a PNG or JPEG in JavaScript (fast-png, jpeg-js): a damaged file throws here instead of
 * crashing a native decoder, which is why no user image ever reaches `@napi-rs/canvas`'s own
 * `loadImage` (decision 013).
 */
export function decodePixels(image: StoredImage): Pixels {
  const pixels = image.type === 'image/png' ? pngPixels(image.bytes) : jpegPixels(image.bytes);
  if (pixels.rgba.length !== pixels.width * pixels.height * 4) throw new Error('short image data');
  return pixels;
}
