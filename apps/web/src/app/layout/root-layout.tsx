import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { CookieConsent } from './cookie-consent';
import { MobileWarning } from './mobile-warning';

/**
 * Global widgets on every page, blank or with content. The frame is exactly the viewport: the
 * mobile warning and the cookie bar take their own rows, the page scrolls in between.
 */
export function RootLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <MobileWarning />
      <Box
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, overflow: 'auto' }}
      >
        <Outlet />
      </Box>
      <CookieConsent />
    </Box>
  );
}
