import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { hasCookie, rememberInCookie } from '../../shared/cookies/cookies';

const cookieName = 'signet-cookie-consent';

/** The consent bar; only when a heat-map site id (hotjarSiteId) is configured. */
export function CookieConsent() {
  const { t } = useTranslation('app');
  const { hotjarSiteId, cookiePolicyURL } = useRemoteConfig();
  const [isAccepted, setAccepted] = useState(() => hasCookie(cookieName));
  if (!hotjarSiteId || isAccepted) return null;
  return (
    <Paper
      elevation={6}
      square
      data-testid="cookie-consent"
      sx={{
        p: 2,
        flexShrink: 0,
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="center">
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('cookies.text')}{' '}
          {cookiePolicyURL && (
            <Link href={cookiePolicyURL} target="_blank" rel="noopener noreferrer">
              {t('cookies.policy')}
            </Link>
          )}
        </Typography>
        <Button
          variant="contained"
          onClick={() => {
            rememberInCookie(cookieName);
            setAccepted(true);
          }}
        >
          {t('cookies.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}
