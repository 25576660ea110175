import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useRef } from 'react';
import { moveBy, scaleBy, toScreen } from '../signature-field';
import type { FieldBox, PageSize } from '../signature-field';

interface SignatureBoxProps {
  box: FieldBox;
  page: PageSize;
  /** CSS pixels per PDF point of the page under it. */
  scale: number;
  /** The image the signature will show (drawn or the profile's), if known. */
  image: string | null;
  label: string;
  /** Absent: a still box (batch previews). */
  onChange?: (box: FieldBox) => void;
}

type Gesture = { kind: 'move' | 'scale'; x: number; y: number; start: FieldBox };

/** Points an arrow key moves the box (with Shift: ten times). */
const keyStep = 5;

/**
 * The visible signature's box over a page: dragged by its body, scaled by its lower right handle
 * (keeping its 3:1 shape), moved by the arrow keys; every change is reported in PDF points.
 */
export function SignatureBox({ box, page, scale, image, label, onChange }: SignatureBoxProps) {
  const gesture = useRef<Gesture | null>(null);
  const screen = toScreen(box, page, scale);
  const isInteractive = onChange !== undefined;

  const begin = (kind: Gesture['kind'], event: PointerEvent<HTMLElement>) => {
    if (!isInteractive || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { kind, x: event.clientX, y: event.clientY, start: box };
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = gesture.current;
    if (!current || !onChange) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    onChange(
      current.kind === 'move'
        ? moveBy(current.start, dx, dy, page, scale)
        : scaleBy(current.start, dx, page, scale),
    );
  };
  const end = () => {
    gesture.current = null;
  };
  const nudge = (event: KeyboardEvent<HTMLElement>) => {
    if (!onChange) return;
    const step = (event.shiftKey ? keyStep * 10 : keyStep) * scale;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onChange(moveBy(box, move[0], move[1], page, scale));
  };

  return (
    <Box
      role={isInteractive ? 'group' : 'img'}
      aria-roledescription={isInteractive ? 'draggable' : undefined}
      aria-label={`${label} (${box.page}: ${Math.round(box.originX)}, ${Math.round(box.originY)})`}
      tabIndex={isInteractive ? 0 : undefined}
      data-testid="signature-box"
      data-box={JSON.stringify(box)}
      onPointerDown={(event) => begin('move', event)}
      onPointerMove={follow}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={nudge}
      sx={{
        position: 'absolute',
        left: screen.left,
        top: screen.top,
        width: screen.width,
        height: screen.height,
        border: '2px dashed',
        borderColor: 'primary.main',
        bgcolor: 'rgba(25, 118, 210, 0.08)',
        cursor: isInteractive ? 'move' : 'default',
        touchAction: 'none',
        userSelect: 'none',
        boxSizing: 'border-box',
        display: 'grid',
        placeItems: 'center',
        overflow: 'hidden',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.dark' },
      }}
    >
      {image ? (
        <Box
          component="img"
          src={image}
          alt=""
          draggable={false}
          sx={{ maxWidth: '100%', maxHeight: '100%', pointerEvents: 'none' }}
        />
      ) : (
        <Box
          component="span"
          sx={{ fontSize: Math.max(10, screen.height / 4), color: 'primary.main', lineHeight: 1.2 }}
        >
          {label}
        </Box>
      )}
      {isInteractive && (
        <Box
          data-testid="signature-box-resize"
          onPointerDown={(event) => begin('scale', event)}
          onPointerMove={follow}
          onPointerUp={end}
          onPointerCancel={end}
          sx={{
            position: 'absolute',
            right: 0,
            bottom: 0,
            width: 18,
            height: 18,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            cursor: 'nwse-resize',
            display: 'grid',
            placeItems: 'center',
            touchAction: 'none',
          }}
        >
          <OpenInFullIcon sx={{ fontSize: 12, transform: 'rotate(90deg)' }} />
        </Box>
      )}
    </Box>
  );
}
