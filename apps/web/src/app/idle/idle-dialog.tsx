import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../shared/idle/format-countdown';

/**
 * "Are you still there?" with the countdown (`secondsLeft` null: closed). Loaded apart from the
 * app's code, once the first screen is up.
 */
export default function IdleDialog({
  secondsLeft,
  onStay,
}: {
  secondsLeft: number | null;
  onStay(): void;
}) {
  const { t } = useTranslation('app');
  return (
    <Dialog
      open={secondsLeft !== null}
      onClose={onStay}
      aria-labelledby="idle-title"
      data-testid="idle-dialog"
    >
      <DialogTitle id="idle-title">{t('idle.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('idle.text', { time: formatCountdown(secondsLeft ?? 0) })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onStay}>
          {t('idle.stay')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
