/** The drawer's limits (documents §2, §9): pen up to 50, canvas 300×200 scaled 1 to 2 by 0.1. */
export const drawerLimits = {
  maxPenWidth: 50,
  minPenWidth: 1,
  defaultPenWidth: 3,
  minScale: 1,
  maxScale: 2,
  scaleStep: 0.1,
  baseWidth: 300,
  baseHeight: 200,
} as const;

export interface DrawerSettings {
  penWidth: number;
  penColor: string;
  shadow: boolean;
  /** Null is a transparent background. */
  backgroundColor: string | null;
  scale: number;
}

export const defaultDrawerSettings: DrawerSettings = {
  penWidth: drawerLimits.defaultPenWidth,
  penColor: '#000000',
  shadow: false,
  backgroundColor: null,
  scale: drawerLimits.minScale,
};

/** A canvas scale within 1 to 2, on the 0.1 grid. */
export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return drawerLimits.minScale;
  const bounded = Math.min(drawerLimits.maxScale, Math.max(drawerLimits.minScale, scale));
  return Math.round(bounded * 10) / 10;
}

/** A pen width within 1 to 50. */
export function clampPenWidth(width: number): number {
  if (!Number.isFinite(width)) return drawerLimits.defaultPenWidth;
  return Math.min(drawerLimits.maxPenWidth, Math.max(drawerLimits.minPenWidth, width));
}

/**
 * The canvas's size on screen: 300×200 times the scale, narrowed (keeping 3:2) to the room the
 * dialog has, so a 600 px screen still draws on the whole canvas.
 */
export function canvasSize(
  scale: number,
  availableWidth: number,
): { width: number; height: number } {
  const wanted = drawerLimits.baseWidth * clampScale(scale);
  const width = Math.max(
    1,
    Math.floor(Math.min(wanted, availableWidth > 0 ? availableWidth : wanted)),
  );
  const height = Math.round((width * drawerLimits.baseHeight) / drawerLimits.baseWidth);
  return { width, height };
}

/** signature_pad's stroke widths for a pen width (its widths are radii; thin when fast). */
export function strokeWidths(penWidth: number): { minWidth: number; maxWidth: number } {
  const maxWidth = clampPenWidth(penWidth) / 2;
  return { minWidth: Math.max(0.25, maxWidth / 3), maxWidth };
}
