import { AppError } from '#infra/app-error';
import { checkImage } from './image-check';
import { decodePixels, type StoredImage } from './image-pixels';
import type { ImageType } from './signature-profile-table';

const pngMagic = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpegMagic = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) =>
  bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** PNG or JPEG by the bytes themselves (not by what a data URL claims), or null. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, pngMagic)) return 'image/png';
  if (startsWith(bytes, jpegMagic)) return 'image/jpeg';
  return null;
}

export function toDataUrl(image: StoredImage): string {
  return `data:${image.type};base64,${Buffer.from(image.bytes).toString('base64')}`;
}

/** The stored image of a row's pair of columns, or null. */
export function storedImage(bytes: Uint8Array | null, type: ImageType | null): StoredImage | null {
  return bytes && type ? { bytes, type } : null;
}

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { [field]: message });

/**
 * Reads a `data:image/png|jpeg;base64,…` URL (its shape already checked by the contract) and
 * checks the bytes: the type their magic shows must be the one the URL names, they must be at
 * most `maxBytes`, and they must be a whole, well-formed image (image-check.ts). VALIDATION_FAILED on `field` otherwise.
 */
export async function readImageDataUrl(
  dataUrl: string,
  field: string,
  maxBytes: number,
): Promise<StoredImage> {
  const match = /^data:(image\/(?:png|jpeg));base64,(.*)$/s.exec(dataUrl);
  if (!match) throw invalid(field, 'A PNG or JPEG image');
  const bytes = new Uint8Array(Buffer.from(match[2] ?? '', 'base64'));
  if (bytes.length > maxBytes) throw invalid(field, 'The image is too large');
  const type = imageTypeOf(bytes);
  if (type === null || type !== match[1]) throw invalid(field, 'A PNG or JPEG image');
  // Read whole here, so no native decoder ever meets a cut-off or malformed file.
  const header = checkImage(bytes);
  if (header?.type !== type) throw invalid(field, 'A PNG or JPEG image');
  try {
    // Decoded whole in JavaScript: a damaged image is refused here, never met by a native decoder.
    decodePixels({ bytes, type });
  } catch {
    throw invalid(field, 'A PNG or JPEG image');
  }
  return { bytes, type };
}
