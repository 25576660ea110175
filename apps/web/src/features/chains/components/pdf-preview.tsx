import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPdfPasswordError, loadPdfJs } from '../../../shared/pdf/load-pdfjs';

const maxPassword = 255;
/** Width of the preview in CSS pixels. */
const previewWidth = 220;
/**
 * Its height, kept from the first moment (an A4 page at that width): the page appears without
 * moving the dialog's fields under the pointer; other shapes fit inside it.
 */
const previewHeight = Math.round((previewWidth * 297) / 210);

type State =
  | { kind: 'loading' }
  | { kind: 'shown' }
  | { kind: 'password'; incorrect: boolean }
  | { kind: 'locked' }
  | { kind: 'invalid' };

/**
 * Page 1 of a chosen PDF, rendered in the browser by pdf.js (documents §2 upload preview). A file
 * that needs a password asks for it (at most 255; a wrong one says so and asks again); cancelling
 * leaves the preview locked, the upload itself needs no password.
 */
export function PdfPreview({ file }: { file: File }) {
  const { t } = useTranslation('chains');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const pdfjs = await loadPdfJs();
      const data = new Uint8Array(await file.arrayBuffer());
      const task = pdfjs.getDocument({ data, password, isEvalSupported: false });
      try {
        const pdf = await task.promise;
        const page = await pdf.getPage(1);
        const unscaled = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({
          scale: (previewWidth * window.devicePixelRatio) / unscaled.width,
        });
        const target = canvas.current;
        if (cancelled || !target) return;
        target.width = viewport.width;
        target.height = viewport.height;
        await page.render({ canvas: target, viewport }).promise;
        if (!cancelled) setState({ kind: 'shown' });
      } catch (error) {
        if (cancelled) return;
        if (isPdfPasswordError(error)) {
          setState({
            kind: 'password',
            incorrect: error.code === pdfjs.PasswordResponses.INCORRECT_PASSWORD,
          });
        } else setState({ kind: 'invalid' });
      } finally {
        void task.destroy();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [file, password]);

  const tooLong = typed.length > maxPassword;
  return (
    <Box
      sx={{
        width: previewWidth,
        maxWidth: '100%',
        height: previewHeight,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
      }}
      data-testid="pdf-preview"
    >
      {state.kind === 'loading' && (
        <CircularProgress size={24} aria-label={t('uploadDialog.preview')} />
      )}
      <canvas
        ref={canvas}
        aria-label={t('uploadDialog.preview')}
        data-testid="pdf-preview-canvas"
        data-state={state.kind}
        style={{
          maxWidth: '100%',
          maxHeight: '100%',
          display: state.kind === 'shown' ? 'block' : 'none',
          border: '1px solid rgba(0,0,0,0.12)',
        }}
      />
      {state.kind === 'locked' && (
        <Alert severity="info">{t('uploadDialog.previewUnavailable')}</Alert>
      )}
      {state.kind === 'invalid' && <Alert severity="error">{t('uploadDialog.invalidPdf')}</Alert>}
      <Dialog open={state.kind === 'password'} maxWidth="xs" fullWidth>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!typed || tooLong) return;
            setState({ kind: 'loading' });
            setPassword(typed);
          }}
        >
          <DialogTitle>{t('uploadDialog.passwordTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 1 }}>{t('uploadDialog.encrypted')}</DialogContentText>
            {state.kind === 'password' && state.incorrect && (
              <Alert severity="error" sx={{ mb: 1 }} data-testid="pdf-password-incorrect">
                {t('uploadDialog.incorrectPassword')}
              </Alert>
            )}
            <TextField
              autoFocus
              fullWidth
              type="password"
              label={t('uploadDialog.password')}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              error={tooLong}
              helperText={tooLong ? t('uploadDialog.passwordTooLong') : ' '}
              slotProps={{ htmlInput: { 'data-testid': 'pdf-password' } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setState({ kind: 'locked' })}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={!typed || tooLong}>
              {t('common:actions.ok')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Box>
  );
}
