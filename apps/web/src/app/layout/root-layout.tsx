import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { CookieConsent } from './cookie-consent';
import { MobileWarning } from './mobile-warning';

/** Global widgets on every page, blank or with content; the page fills the rest of the height. */
export function RootLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <MobileWarning />
      <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
        <Outlet />
      </Box>
      <CookieConsent />
    </Box>
  );
}
