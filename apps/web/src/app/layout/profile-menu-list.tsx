import Key from '@mui/icons-material/Key';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { paths } from '../paths';

interface ProfileMenuListProps {
  anchor: HTMLElement | null;
  isSealEnabled: boolean;
  onClose(): void;
  onGo(to: string): void;
}

/** The profile menu's entries: loaded apart from the app's code, once the dashboard is up. */
export default function ProfileMenuList({
  anchor,
  isSealEnabled,
  onClose,
  onGo,
}: ProfileMenuListProps) {
  const { t } = useTranslation('app');
  return (
    <Menu
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <MenuItem onClick={() => onGo(paths.profile)} data-testid="profile-menu-profile">
        <ListItemIcon>
          <Settings fontSize="small" />
        </ListItemIcon>
        {t('header.profileSettings')}
      </MenuItem>
      {isSealEnabled && (
        <MenuItem onClick={() => onGo(paths.credentials)} data-testid="profile-menu-credentials">
          <ListItemIcon>
            <Key fontSize="small" />
          </ListItemIcon>
          {t('header.credentials')}
        </MenuItem>
      )}
      <MenuItem onClick={() => onGo(paths.logout)} data-testid="profile-menu-logout">
        <ListItemIcon>
          <Logout fontSize="small" />
        </ListItemIcon>
        {t('header.logout')}
      </MenuItem>
    </Menu>
  );
}
