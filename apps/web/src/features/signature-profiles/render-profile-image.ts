import { profilePreview } from '@signet/contracts/signature-profiles';
import type { ProfileFont } from '@signet/contracts/signature-profiles';
import { loadImageElement } from './image-file';
import { loadProfileFont } from './profile-fonts';
import { drawProfilePreview, type PreviewContent } from './profile-rendering';

export interface ProfileLook {
  imageDataUrl: string | null;
  text: string;
  ratio: number;
  font: ProfileFont;
  /** `#rrggbb`. */
  color: string;
}

/** The look ready to draw: its image decoded and its font loaded. */
export async function loadLook(look: ProfileLook): Promise<PreviewContent> {
  const [image] = await Promise.all([
    look.imageDataUrl ? loadImageElement(look.imageDataUrl).catch(() => null) : null,
    loadProfileFont(look.font, look.text),
  ]);
  return { image, text: look.text, ratio: look.ratio, font: look.font, color: look.color };
}

/** Draws a loaded look on a 600×200 canvas. */
export function drawLook(canvas: HTMLCanvasElement, content: PreviewContent): void {
  const ctx = canvas.getContext('2d');
  if (ctx) drawProfilePreview(ctx, content);
}

/**
 * The profile's rendered image (`renderedImageDataUrl`): the 600×200 preview as a PNG, the
 * text in its self-hosted font, so the server and the PDF need no font of their own.
 */
export async function renderProfileImage(look: ProfileLook): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = profilePreview.width;
  canvas.height = profilePreview.height;
  drawLook(canvas, await loadLook(look));
  return canvas.toDataURL('image/png');
}
