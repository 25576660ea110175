import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from '../../../shared/idle/format-countdown';

/**
 * The hook for implicit (device) authorisation (D§4): while the sign call of an IMPLICIT
 * credential waits for the approval on a device, the screens show this dialog with an m:ss
 * countdown of `authorizationTimeoutSecs` (D§9). The `devices` work (issue 13) may give it more
 * (the device's name, a cancel); the screens only open it with these props and close it when the
 * call answers.
 */
export interface ImplicitWaitProps {
  credentialName: string;
  /** From the remote config (D§9: seconds; the countdown shows m:ss). */
  timeoutSecs: number;
}

export function ImplicitWaitDialog({ credentialName, timeoutSecs }: ImplicitWaitProps) {
  const { t } = useTranslation('signing');
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, timeoutSecs - Math.floor((now - startedAt) / 1000));
  return (
    <Dialog open maxWidth="xs" fullWidth data-testid="implicit-wait">
      <DialogTitle>{t('implicitWait.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('implicitWait.text', { credential: credentialName })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={timeoutSecs > 0 ? (left / timeoutSecs) * 100 : 0}
        />
        <Typography
          variant="h6"
          component="p"
          sx={{ mt: 1, textAlign: 'center' }}
          data-testid="implicit-wait-countdown"
        >
          {formatCountdown(left)}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
