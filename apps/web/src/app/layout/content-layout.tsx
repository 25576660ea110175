import useMediaQuery from '@mui/material/useMediaQuery';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../shared/hooks/use-current-user';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { ConnectionBanners } from '../connection/connection-banners';
import { IdleLogout } from '../idle/idle-logout';
import { FullPageSpinner } from '../providers/remote-config-gate';
import { AppDrawer } from './app-drawer';
import { AppHeader } from './app-header';
import { ConfirmAddressBanner } from './confirm-address-banner';
import { menuItems } from './menu-items';
import { useLanguageSync } from './use-language-sync';
import { VersionFooter } from './version-footer';

/** The seal feature comes with a later issue; until then it counts as disabled. */
const isSealEnabled = false;

/** Header, drawer and content of signed-in pages, with the global session widgets. */
export function ContentLayout() {
  const config = useRemoteConfig();
  const { data: user } = useCurrentUser();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  const [isWideOpen, setWideOpen] = useState(true);
  const [isNarrowOpen, setNarrowOpen] = useState(false);
  useLanguageSync(user?.locale);

  const open = isNarrow ? isNarrowOpen : isWideOpen;
  const items = user ? menuItems({ user, config, isSealEnabled }) : [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <AppHeader
        email={user?.email ?? ''}
        isDrawerOpen={open}
        isSealEnabled={isSealEnabled}
        onToggleDrawer={() => (isNarrow ? setNarrowOpen(!isNarrowOpen) : setWideOpen(!isWideOpen))}
      />
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0, minHeight: 0 }}>
        <AppDrawer
          items={items}
          isTemporary={isNarrow}
          open={open}
          onClose={() => setNarrowOpen(false)}
        />
        <Box
          sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, overflow: 'auto' }}
        >
          <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3 }, minWidth: 0 }}>
            <ConfirmAddressBanner />
            <Suspense fallback={<FullPageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
          <VersionFooter />
        </Box>
      </Box>
      <ConnectionBanners />
      <IdleLogout />
    </Box>
  );
}
