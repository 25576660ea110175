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
import { formatCountdown } from '../idle/format-countdown';

export interface ApprovalWaitDialogProps {
  /** What the user approves on the device (a translated sentence). */
  text: string;
  /** When the wait ends (epoch ms): now + authorizationTimeoutSecs. */
  deadline: number;
  onCancel: () => void;
  /** Called once when the countdown reaches 0:00. */
  onTimeout: () => void;
  /** A title other than "Waiting for approval". */
  title?: string;
}

/**
 * Waiting for approval on a registered device (spec platform §4): a spinner, what is asked and an
 * m:ss countdown to `deadline`; Cancel ends the wait. Used by implicit activation and implicit
 * signing. The dialog carries `data-testid="approval-wait-dialog"`, its countdown
 * `approval-countdown`.
 */
export function ApprovalWaitDialog({
  text,
  deadline,
  onCancel,
  onTimeout,
  title,
}: ApprovalWaitDialogProps) {
  const { t } = useTranslation('common');
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
    <Dialog open maxWidth="xs" fullWidth disableEscapeKeyDown data-testid="approval-wait-dialog">
      <DialogTitle>{title ?? t('approvalWait.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} alignItems="center">
          <CircularProgress />
          <Typography textAlign="center">{text}</Typography>
          <Typography data-testid="approval-countdown" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {t('approvalWait.remaining', { time: formatCountdown(seconds) })}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
}
