import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Key password of an explicit credential in the single and batch screens: at least 6 (D§5). */
export const minKeyPassword = 6;
const maxKeyPassword = 64;

interface KeyPasswordDialogProps {
  /** The credential's description, named in the dialog. */
  credentialName: string;
  /** How many documents one password signs (batch). */
  documentCount: number;
  busy: boolean;
  onSign: (password: string) => void;
  onClose: () => void;
}

/** Asks for the key password that unlocks the credential for this signing, then signs. */
export function KeyPasswordDialog({
  credentialName,
  documentCount,
  busy,
  onSign,
  onClose,
}: KeyPasswordDialogProps) {
  const { t } = useTranslation('common');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const error =
    password.length === 0
      ? t('keyPassword.required')
      : password.length < minKeyPassword
        ? t('keyPassword.tooShort', { min: minKeyPassword })
        : password.length > maxKeyPassword
          ? t('keyPassword.tooLong', { max: maxKeyPassword })
          : null;

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!error && !busy) onSign(password);
        }}
      >
        <DialogTitle>{t('keyPassword.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
            {t('keyPassword.text', { credential: credentialName, count: documentCount })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="password"
            autoComplete="off"
            label={t('keyPassword.label')}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && error !== null}
            helperText={(touched && error) || t('keyPassword.hint', { min: minKeyPassword })}
            slotProps={{ htmlInput: { 'data-testid': 'key-password', inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy || error !== null}
            data-testid="key-password-sign"
          >
            {t('keyPassword.sign')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
