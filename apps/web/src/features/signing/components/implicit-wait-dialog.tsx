import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The hook for implicit (device) authorisation (D§4): while the sign call of an IMPLICIT
 * credential waits for the approval on a device, the screens show this dialog. The `devices` work
 * (issue 13) gives it its m:ss countdown of `authorizationTimeoutSecs` and its cancel; the screens
 * only open it with these props and close it when the call answers.
 */
export interface ImplicitWaitProps {
  credentialName: string;
  /** From the remote config (D§9: seconds; the countdown shows m:ss). */
  timeoutSecs: number;
}

export function ImplicitWaitDialog({ credentialName }: ImplicitWaitProps) {
  const { t } = useTranslation('signing');
  return (
    <Dialog open maxWidth="xs" fullWidth data-testid="implicit-wait">
      <DialogTitle>{t('implicitWait.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('implicitWait.text', { credential: credentialName })}
        </Typography>
        <LinearProgress />
      </DialogContent>
    </Dialog>
  );
}
