import AccountCircle from '@mui/icons-material/AccountCircle';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyComponent } from '../../shared/components/lazy-component';

const ProfileMenuList = lazyComponent(() => import('./profile-menu-list'), {
  suspends: false,
  preloadAfterStart: true,
});

/** Profile settings, credentials (only with the seal enabled) and log out. */
export function ProfileMenu({ isSealEnabled }: { isSealEnabled: boolean }) {
  const { t } = useTranslation('app');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that it closes with its transition.
  const [hasOpened, setOpened] = useState(false);
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
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        data-testid="profile-menu-button"
      >
        <AccountCircle />
      </IconButton>
      {hasOpened && (
        <ProfileMenuList
          anchor={anchor}
          isSealEnabled={isSealEnabled}
          onClose={() => setAnchor(null)}
          onGo={go}
        />
      )}
    </>
  );
}
