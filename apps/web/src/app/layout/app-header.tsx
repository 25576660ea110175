import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../paths';
import { Logo } from './logo';
import { ProfileMenu } from './profile-menu';
import { ThemeSelector } from './theme-selector';

interface AppHeaderProps {
  email: string;
  isDrawerOpen: boolean;
  isSealEnabled: boolean;
  onToggleDrawer(): void;
}

/** Header: drawer toggle, logo, the user's e-mail and the profile menu. */
export function AppHeader({ email, isDrawerOpen, isSealEnabled, onToggleDrawer }: AppHeaderProps) {
  const { t } = useTranslation('app');
  return (
    <AppBar position="static">
      <Toolbar sx={{ gap: 1 }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={isDrawerOpen ? t('header.closeMenu') : t('header.openMenu')}
          onClick={onToggleDrawer}
          data-testid="drawer-toggle"
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={Link}
          to={paths.dashboard}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
          }}
        >
          <Logo size={32} />
          <Typography variant="h6" component="span" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {t('appName')}
          </Typography>
        </Box>
        <Box sx={{ flex: 1 }} />
        <ThemeSelector />
        <Typography
          variant="body2"
          noWrap
          title={email}
          data-testid="header-email"
          sx={{ maxWidth: { xs: 160, sm: 320 }, minWidth: 0 }}
        >
          {email}
        </Typography>
        <ProfileMenu isSealEnabled={isSealEnabled} />
      </Toolbar>
    </AppBar>
  );
}
