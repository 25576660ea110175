import SignaturePad from 'signature_pad';
import { clampPenWidth, strokeWidths } from './drawer-settings';
import type { DrawerSettings } from './drawer-settings';

const transparent = 'rgba(0,0,0,0)';

/**
 * The canvas and its `signature_pad`, outside React: size (backed at the screen's pixel ratio),
 * pen, shadow and background, keeping the strokes drawn so far when any of them changes.
 */
export class DrawingSurface {
  private readonly pad: SignaturePad;
  private readonly onEnd: () => void;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly onEmptyChange: (isEmpty: boolean) => void,
  ) {
    this.pad = new SignaturePad(canvas, { backgroundColor: transparent });
    this.onEnd = () => this.onEmptyChange(this.pad.isEmpty());
    this.pad.addEventListener('endStroke', this.onEnd);
    this.onEmptyChange(true);
  }

  /** A new size or setting; the drawing stays (redrawn with the new background and shadow). */
  update(settings: DrawerSettings, width: number, height: number): void {
    const ratio = Math.max(1, window.devicePixelRatio || 1);
    const backingWidth = Math.round(width * ratio);
    const backingHeight = Math.round(height * ratio);
    if (this.canvas.width !== backingWidth || this.canvas.height !== backingHeight) {
      this.canvas.width = backingWidth;
      this.canvas.height = backingHeight;
      this.canvas.getContext('2d')?.scale(ratio, ratio);
    }
    const { minWidth, maxWidth } = strokeWidths(settings.penWidth);
    this.pad.minWidth = minWidth;
    this.pad.maxWidth = maxWidth;
    this.pad.penColor = settings.penColor;
    this.pad.backgroundColor = settings.backgroundColor ?? transparent;
    const context = this.canvas.getContext('2d');
    if (context) {
      context.shadowColor = settings.shadow ? settings.penColor : transparent;
      context.shadowBlur = settings.shadow ? Math.max(2, clampPenWidth(settings.penWidth)) : 0;
      context.shadowOffsetX = settings.shadow ? 1 : 0;
      context.shadowOffsetY = settings.shadow ? 1 : 0;
    }
    this.pad.redraw();
  }

  clear(): void {
    this.pad.clear();
    this.onEmptyChange(true);
  }

  /** The drawing as a PNG data URL, or null when nothing was drawn. */
  toPngDataUrl(): string | null {
    return this.pad.isEmpty() ? null : this.pad.toDataURL('image/png');
  }

  destroy(): void {
    this.pad.removeEventListener('endStroke', this.onEnd);
    this.pad.off();
  }
}
