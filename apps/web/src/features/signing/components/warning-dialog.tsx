import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { SignWarning } from '../sign-rules';

/** Where each warning's button leads (D§2 warnings). */
const targets: Record<SignWarning, { single: string; batch: string }> = {
  noActivatedCredential: { single: '/credentials', batch: '/credentials' },
  notVerified: { single: '/user/profile', batch: '/credentials' },
  noActivatedDevice: { single: '/user/profile/', batch: '/user/profile/' },
};

interface WarningDialogProps {
  warning: SignWarning;
  screen: 'single' | 'batch';
  onClose: () => void;
}

/** A warning that stops signing for now, with a button to the screen that fixes it. */
export function WarningDialog({ warning, screen, onClose }: WarningDialogProps) {
  const { t } = useTranslation('signing');
  const navigate = useNavigate();
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth data-testid={`warning-${warning}`}>
      <DialogTitle>{t(`warnings.${warning}.title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(`warnings.${warning}.text`)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
        <Button variant="contained" onClick={() => void navigate(targets[warning][screen])}>
          {t(`warnings.${warning}.action`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
