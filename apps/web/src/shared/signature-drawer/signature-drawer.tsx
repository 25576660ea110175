import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  canvasSize,
  clampPenWidth,
  clampScale,
  defaultDrawerSettings,
  drawerLimits,
} from './drawer-settings';
import type { DrawerSettings } from './drawer-settings';
import { DrawingSurface } from './drawing-surface';

export interface SignatureDrawerProps {
  open: boolean;
  /** Cancel, Escape or a click outside: nothing is returned. */
  onClose(): void;
  /** OK: the drawing as a PNG data URL (`data:image/png;base64,…`); the dialog does not close itself. */
  onConfirm(imageDataUrl: string): void;
}

export interface DrawerCanvasHandle {
  clear(): void;
  toPngDataUrl(): string | null;
}

interface DrawerCanvasProps {
  settings: DrawerSettings;
  width: number;
  height: number;
  label: string;
  onEmptyChange(isEmpty: boolean): void;
  ref: Ref<DrawerCanvasHandle>;
}

/** The canvas, mounted with the dialog's content; its surface lives as long as it does. */
function DrawerCanvas({ settings, width, height, label, onEmptyChange, ref }: DrawerCanvasProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const surfaceRef = useRef<DrawingSurface | null>(null);

  useEffect(() => {
    if (!canvasRef.current) return;
    const surface = new DrawingSurface(canvasRef.current, onEmptyChange);
    surfaceRef.current = surface;
    return () => {
      surface.destroy();
      surfaceRef.current = null;
    };
  }, [onEmptyChange]);

  useEffect(() => {
    surfaceRef.current?.update(settings, width, height);
  }, [settings, width, height]);

  useImperativeHandle(
    ref,
    () => ({
      clear: () => surfaceRef.current?.clear(),
      toPngDataUrl: () => surfaceRef.current?.toPngDataUrl() ?? null,
    }),
    [],
  );

  return (
    <Box
      component="canvas"
      ref={canvasRef}
      aria-label={label}
      data-testid="signature-drawer-canvas"
      sx={{
        display: 'block',
        width,
        height,
        mx: 'auto',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 1,
        touchAction: 'none',
        cursor: 'crosshair',
        // A light checkerboard shows where the background stays transparent.
        backgroundImage:
          'repeating-conic-gradient(rgba(128,128,128,0.12) 0% 25%, transparent 0% 50%)',
        backgroundSize: '16px 16px',
      }}
    />
  );
}

/**
 * The signature drawer (documents §2): a dialog with a canvas on `signature_pad`, pen width up
 * to 50, pen colour, shadow, background (transparent or a colour), canvas size 1 to 2 in steps
 * of 0.1, Clear and OK. OK gives the drawing as a PNG data URL.
 *
 * `<SignatureDrawer open={drawing} onClose={() => setDrawing(false)}
 *    onConfirm={(url) => { setImage(url); setDrawing(false); }} />`
 */
export function SignatureDrawer({ open, onClose, onConfirm }: SignatureDrawerProps) {
  const { t } = useTranslation('signatureDrawer');
  const [settings, setSettings] = useState<DrawerSettings>(defaultDrawerSettings);
  const [isEmpty, setIsEmpty] = useState(true);
  const [room, setRoom] = useState(0);
  const canvasRef = useRef<DrawerCanvasHandle>(null);

  const size = canvasSize(settings.scale, room);

  // The room the dialog gives the canvas, followed as the window changes.
  const measure = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    setRoom(element.clientWidth);
    const observer = new ResizeObserver(() => setRoom(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const change = (patch: Partial<DrawerSettings>) =>
    setSettings((current) => ({ ...current, ...patch }));

  const clear = () => canvasRef.current?.clear();

  const confirm = () => {
    const image = canvasRef.current?.toPngDataUrl();
    if (image) onConfirm(image);
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      slotProps={{ paper: { 'data-testid': 'signature-drawer' } as object }}
    >
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2} alignItems="center">
            <Box sx={{ minWidth: 180, flex: '1 1 180px' }}>
              <Typography variant="caption" id="signature-drawer-pen-width">
                {t('penWidth')}: {settings.penWidth}
              </Typography>
              <Slider
                size="small"
                min={drawerLimits.minPenWidth}
                max={drawerLimits.maxPenWidth}
                step={1}
                value={settings.penWidth}
                onChange={(_, value) => change({ penWidth: clampPenWidth(Number(value)) })}
                aria-labelledby="signature-drawer-pen-width"
                data-testid="signature-drawer-pen-width"
              />
            </Box>
            <Box sx={{ minWidth: 180, flex: '1 1 180px' }}>
              <Typography variant="caption" id="signature-drawer-scale">
                {t('scale')}: {settings.scale.toFixed(1)}
              </Typography>
              <Slider
                size="small"
                min={drawerLimits.minScale}
                max={drawerLimits.maxScale}
                step={drawerLimits.scaleStep}
                value={settings.scale}
                onChange={(_, value) => change({ scale: clampScale(Number(value)) })}
                aria-labelledby="signature-drawer-scale"
                data-testid="signature-drawer-scale"
              />
            </Box>
          </Stack>
          <Stack direction="row" flexWrap="wrap" useFlexGap spacing={2} alignItems="center">
            <TextField
              type="color"
              size="small"
              label={t('penColor')}
              value={settings.penColor}
              onChange={(event) => change({ penColor: event.target.value })}
              sx={{ width: 110 }}
              slotProps={{ htmlInput: { 'data-testid': 'signature-drawer-pen-color' } }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={settings.shadow}
                  onChange={(event) => change({ shadow: event.target.checked })}
                  slotProps={{ input: { 'data-testid': 'signature-drawer-shadow' } as object }}
                />
              }
              label={t('shadow')}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={settings.backgroundColor === null}
                  onChange={(event) =>
                    change({ backgroundColor: event.target.checked ? null : '#ffffff' })
                  }
                  slotProps={{ input: { 'data-testid': 'signature-drawer-transparent' } as object }}
                />
              }
              label={t('transparentBackground')}
            />
            {settings.backgroundColor !== null && (
              <TextField
                type="color"
                size="small"
                label={t('backgroundColor')}
                value={settings.backgroundColor}
                onChange={(event) => change({ backgroundColor: event.target.value })}
                sx={{ width: 110 }}
                slotProps={{ htmlInput: { 'data-testid': 'signature-drawer-background' } }}
              />
            )}
          </Stack>
          <Box ref={measure} sx={{ width: '100%' }}>
            <DrawerCanvas
              ref={canvasRef}
              settings={settings}
              width={size.width}
              height={size.height}
              label={t('canvasLabel')}
              onEmptyChange={setIsEmpty}
            />
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t('hint')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={clear} data-testid="signature-drawer-clear">
          {t('clear')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose} data-testid="signature-drawer-cancel">
          {t('common:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={isEmpty}
          data-testid="signature-drawer-ok"
        >
          {t('common:actions.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
