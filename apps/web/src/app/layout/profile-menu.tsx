import AccountCircle from '@mui/icons-material/AccountCircle';
import Key from '@mui/icons-material/Key';
import Logout from '@mui/icons-material/Logout';
import Settings from '@mui/icons-material/Settings';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../paths';

/** Profile settings, credentials (only with the seal enabled) and log out. */
export function ProfileMenu({ isSealEnabled }: { isSealEnabled: boolean }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (to: string) => {
    setAnchor(null);
    void navigate(to);
  };
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('header.profileMenu')}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="profile-menu-button"
      >
        <AccountCircle />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={() => go(paths.profile)} data-testid="profile-menu-profile">
          <ListItemIcon>
            <Settings fontSize="small" />
          </ListItemIcon>
          {t('header.profileSettings')}
        </MenuItem>
        {isSealEnabled && (
          <MenuItem onClick={() => go(paths.credentials)} data-testid="profile-menu-credentials">
            <ListItemIcon>
              <Key fontSize="small" />
            </ListItemIcon>
            {t('header.credentials')}
          </MenuItem>
        )}
        <MenuItem onClick={() => go(paths.logout)} data-testid="profile-menu-logout">
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t('header.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
