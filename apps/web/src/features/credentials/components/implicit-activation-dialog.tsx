import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../shared/idle/format-countdown';

interface ImplicitActivationDialogProps {
  description: string;
  /** When the wait ends (epoch ms). */
  deadline: number;
  onCancel: () => void;
  onTimeout: () => void;
}

/** Waiting for approval on the device, with an m:ss countdown to authorizationTimeoutSecs. */
export function ImplicitActivationDialog({
  description,
  deadline,
  onCancel,
  onTimeout,
}: ImplicitActivationDialogProps) {
  const { t } = useTranslation('credentials');
  const [now, setNow] = useState(() => Date.now());
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  }, [onTimeout]);

  useEffect(() => {
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) {
        clearInterval(timer);
        onTimeoutRef.current();
      }
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const seconds = Math.ceil(Math.max(0, deadline - now) / 1000);
  return (
    <Dialog open maxWidth="xs" fullWidth disableEscapeKeyDown>
      <DialogTitle>{t('activation.waitingTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} alignItems="center">
          <CircularProgress />
          <Typography textAlign="center">{t('activation.waitingText', { description })}</Typography>
          <Typography
            data-testid="activation-countdown"
            sx={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {t('activation.remaining', { time: formatCountdown(seconds) })}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common:actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
