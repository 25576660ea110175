import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

const centralKeyDialogWidth = 670;

/** The central key of the organisation seal: activation comes with the seal's own issue. */
export function CentralKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="central-key-title"
      slotProps={{ paper: { sx: { width: centralKeyDialogWidth, maxWidth: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id="central-key-title">{t('centralKeyDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('centralKeyDialog.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {t('common:actions.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
