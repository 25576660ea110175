import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const maxPassword = 255;

interface PdfPasswordDialogProps {
  fileName: string;
  /** A password was given and does not open the file. */
  incorrect: boolean;
  onPassword: (password: string) => void;
  /** Signing stops: the caller returns to the list with a toast (D§4). */
  onCancel: () => void;
}

/** The password of an encrypted PDF, for its preview and for signing it (max 255, D§9). */
export function PdfPasswordDialog({
  fileName,
  incorrect,
  onPassword,
  onCancel,
}: PdfPasswordDialogProps) {
  const { t } = useTranslation('signing');
  const [typed, setTyped] = useState('');
  const tooLong = typed.length > maxPassword;
  return (
    <Dialog open maxWidth="xs" fullWidth data-testid="pdf-password-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (typed && !tooLong) onPassword(typed);
        }}
      >
        <DialogTitle>{t('pdfPassword.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {t('pdfPassword.text', { fileName })}
          </DialogContentText>
          {incorrect && (
            <Alert severity="error" sx={{ mb: 1 }} data-testid="pdf-password-incorrect">
              {t('pdfPassword.incorrect')}
            </Alert>
          )}
          <TextField
            autoFocus
            fullWidth
            type="password"
            label={t('pdfPassword.label')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={tooLong}
            helperText={tooLong ? t('pdfPassword.tooLong', { max: maxPassword }) : ' '}
            slotProps={{ htmlInput: { 'data-testid': 'pdf-password' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} data-testid="pdf-password-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={!typed || tooLong}>
            {t('common:actions.ok')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
