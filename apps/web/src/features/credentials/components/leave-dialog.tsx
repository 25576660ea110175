import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** Leaving the certificate editor with unsaved changes (spec platform §2, §4). */
export function LeaveDialog({ onLeave, onStay }: { onLeave: () => void; onStay: () => void }) {
  const { t } = useTranslation('credentials');
  return (
    <Dialog open onClose={onStay} maxWidth="xs" fullWidth data-testid="leave-dialog">
      <DialogTitle>{t('certificates.leaveTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('certificates.leaveText')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {t('certificates.stay')}
        </Button>
        <Button color="error" variant="contained" onClick={onLeave}>
          {t('certificates.leave')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
