/** The image types a profile and the background take (D§5). */
export const profileImageTypes = ['image/png', 'image/jpeg'] as const;

export type ImageFileProblem = { kind: 'format' } | { kind: 'tooLarge'; megabytes: string };

/** Why a chosen file cannot be a profile image, or null (D§5, D§9: size in MB = bytes / 1048576). */
export function imageFileProblem(
  file: { type: string; size: number },
  maxBytes: number,
): ImageFileProblem | null {
  if (!(profileImageTypes as readonly string[]).includes(file.type)) return { kind: 'format' };
  if (file.size > maxBytes) return { kind: 'tooLarge', megabytes: (maxBytes / 1048576).toFixed(2) };
  return null;
}

/** The file as a `data:image/…;base64,` URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The bytes a base64 data URL carries. */
export function dataUrlBytes(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Loads a data URL as an image element (for a canvas). */
export function loadImageElement(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });
}
