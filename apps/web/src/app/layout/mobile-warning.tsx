import { mobileWarningMaxWidth } from '@signet/contracts/limits';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCookie, rememberInCookie } from '../../shared/cookies/cookies';

const cookieName = 'signet-mobile-warning-dismissed';

/** At 600 px or less, a warning until dismissed; the dismissal is kept in a cookie for a year. */
export function MobileWarning() {
  const { t } = useTranslation('app');
  const isNarrow = useMediaQuery(`(max-width:${mobileWarningMaxWidth}px)`, { noSsr: true });
  const [isDismissed, setDismissed] = useState(() => hasCookie(cookieName));
  if (!isNarrow || isDismissed) return null;
  return (
    <Alert
      severity="warning"
      square
      data-testid="mobile-warning"
      action={
        <Button
          color="inherit"
          size="small"
          data-testid="mobile-warning-dismiss"
          onClick={() => {
            rememberInCookie(cookieName);
            setDismissed(true);
          }}
        >
          {t('mobileWarning.dismiss')}
        </Button>
      }
    >
      {t('mobileWarning.text')}
    </Alert>
  );
}
