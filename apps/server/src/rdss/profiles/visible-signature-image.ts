import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { profilePreview, type Rgb } from '@signet/contracts/signature-profiles';
import { decodePixels, type StoredImage } from './image-pixels';

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

const { width, height, padding } = profilePreview;

async function canvasLibrary() {
  // Loaded on first use, as the thumbnails do: a server start need not wait for it.
  return import('@napi-rs/canvas');
}

/**
 * The image on a canvas of its own size, decoded in JavaScript first: `loadImage` of
 * `@napi-rs/canvas` crashes the process on some damaged files (decision 013).
 */
async function imageCanvas(image: StoredImage): Promise<Canvas> {
  const { createCanvas, ImageData } = await canvasLibrary();
  const pixels = decodePixels(image);
  const canvas = createCanvas(pixels.width, pixels.height);
  canvas
    .getContext('2d')
    .putImageData(new ImageData(pixels.rgba, pixels.width, pixels.height), 0, 0);
  return canvas;
}

/** The image scaled to fit inside the box, centred. */
function drawContained(ctx: SKRSContext2D, image: Canvas, box: Box): void {
  const scale = Math.min(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.drawImage(image, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h);
}

/** The image scaled to cover the whole box, centred, the overflow cut off. */
function drawCovering(ctx: SKRSContext2D, image: Canvas, box: Box): void {
  const scale = Math.max(box.w / image.width, box.h / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.w, box.h);
  ctx.clip();
  ctx.drawImage(image, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h);
  ctx.restore();
}

const css = (rgb: Rgb) => `rgb(${rgb.red}, ${rgb.green}, ${rgb.blue})`;

/**
 * A visible signature as it will look (`GET signatures/visibleSignature/{id}`): 600×200, the
 * admin's colour and image behind, the profile's image fitted on top. PNG.
 */
export async function composeOnBackground(
  background: { color: Rgb; image: StoredImage | null },
  foreground: StoredImage | null,
): Promise<StoredImage> {
  const { createCanvas } = await canvasLibrary();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = css(background.color);
  ctx.fillRect(0, 0, width, height);
  const whole = { x: 0, y: 0, w: width, h: height };
  if (background.image) drawCovering(ctx, await imageCanvas(background.image), whole);
  if (foreground) drawContained(ctx, await imageCanvas(foreground), whole);
  return { bytes: new Uint8Array(await canvas.encode('png')), type: 'image/png' };
}

/**
 * The clerk's drawn image beside the client's name (`POST signatures/visibleSignature/combineImage`):
 * 600×200 on a transparent background, 10 % padding, the image on the left half, the name on
 * the right. PNG, usable as the sign call's `userImageDataUrl`.
 */
export async function combineImageWithName(
  image: StoredImage,
  subsignerName: string,
): Promise<StoredImage> {
  const { createCanvas } = await canvasLibrary();
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const padX = width * padding;
  const padY = height * padding;
  const half = (width - 2 * padX) / 2;
  drawContained(ctx, await imageCanvas(image), {
    x: padX,
    y: padY,
    w: half,
    h: height - 2 * padY,
  });
  const textBox = { x: padX + half + padX / 2, w: half - padX / 2 };
  let size = 40;
  ctx.font = `${size}px sans-serif`;
  while (size > 8 && ctx.measureText(subsignerName).width > textBox.w) {
    size -= 2;
    ctx.font = `${size}px sans-serif`;
  }
  ctx.fillStyle = '#000000';
  ctx.textBaseline = 'middle';
  ctx.fillText(subsignerName, textBox.x, height / 2, textBox.w);
  return { bytes: new Uint8Array(await canvas.encode('png')), type: 'image/png' };
}
