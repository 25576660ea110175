import { profilePreview } from '@signet/contracts/signature-profiles';
import type { ProfileFont } from '@signet/contracts/signature-profiles';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Where the preview (600×200, 10 % padding, D§9) puts its parts: with text and an image, the
 * image on the left half and the text on the right; one alone takes the whole padded area.
 */
export function previewLayout(
  hasImage: boolean,
  hasText: boolean,
): { imageBox: Box | null; textBox: Box | null } {
  const { width, height, padding } = profilePreview;
  const area = {
    x: width * padding,
    y: height * padding,
    w: width * (1 - 2 * padding),
    h: height * (1 - 2 * padding),
  };
  if (hasImage && hasText) {
    const half = area.w / 2;
    return {
      imageBox: { ...area, w: half },
      textBox: { x: area.x + half + area.w * 0.04, y: area.y, w: half - area.w * 0.04, h: area.h },
    };
  }
  return { imageBox: hasImage ? area : null, textBox: hasText ? area : null };
}

/** The image scaled to fit the box, centred. */
export function containedRect(
  image: { width: number; height: number },
  box: Box,
): { x: number; y: number; w: number; h: number } {
  const scale = Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/** The image scaled to cover the box, centred (the rest is cut off). */
export function coveringRect(
  image: { width: number; height: number },
  box: Box,
): { x: number; y: number; w: number; h: number } {
  const scale = Math.max(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  return { x: box.x + (box.w - w) / 2, y: box.y + (box.h - h) / 2, w, h };
}

/** Canvas pixels of font size per step of the text ratio: the default 24 gives 48 px of 200. */
export const pixelsPerRatio = 2;

/**
 * The font size of the text: the slider's ratio (1–100, default 24) times two canvas pixels,
 * at most the box's height, made smaller until the text fits its box; `widthAt(size)` measures
 * the text at a size.
 */
export function fittedFontSize(ratio: number, box: Box, widthAt: (size: number) => number): number {
  let size = Math.min(ratio * pixelsPerRatio, box.h);
  while (size > 4 && widthAt(size) > box.w) size -= 1;
  return Math.max(4, size);
}

export const cssFont = (size: number, font: ProfileFont) => `${size}px "${font}"`;

export interface PreviewContent {
  image: HTMLImageElement | null;
  text: string;
  ratio: number;
  font: ProfileFont;
  color: string;
}

/** Draws the preview on a 600×200 canvas context (cleared first; transparent behind). */
export function drawProfilePreview(ctx: CanvasRenderingContext2D, content: PreviewContent): void {
  const { width, height } = profilePreview;
  ctx.clearRect(0, 0, width, height);
  const text = content.text.trim();
  const { imageBox, textBox } = previewLayout(content.image !== null, text !== '');
  if (content.image && imageBox) {
    const image = { width: content.image.naturalWidth, height: content.image.naturalHeight };
    if (image.width > 0 && image.height > 0) {
      const r = containedRect(image, imageBox);
      ctx.drawImage(content.image, r.x, r.y, r.w, r.h);
    }
  }
  if (text && textBox) {
    const size = fittedFontSize(content.ratio, textBox, (s) => {
      ctx.font = cssFont(s, content.font);
      return ctx.measureText(text).width;
    });
    ctx.font = cssFont(size, content.font);
    ctx.fillStyle = content.color;
    ctx.textBaseline = 'middle';
    ctx.textAlign = content.image ? 'left' : 'center';
    const x = content.image ? textBox.x : textBox.x + textBox.w / 2;
    ctx.fillText(text, x, textBox.y + textBox.h / 2);
  }
}
