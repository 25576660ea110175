import Palette from '@mui/icons-material/Palette';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../shared/components/lazy-component';
import { useThemeSelection } from '../theme/theme-selection';

const ThemeMenu = lazyComponent(() => import('./theme-menu'), { suspends: false });

/** Theme picker; only in dev mode. */
export function ThemeSelector() {
  const { t } = useTranslation('app');
  const selection = useThemeSelection();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that it closes with its transition.
  const [hasOpened, setOpened] = useState(false);
  if (!selection.canSelect) return null;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('header.theme')}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpened(true);
        }}
        data-testid="theme-selector"
      >
        <Palette />
      </IconButton>
      {hasOpened && <ThemeMenu anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}
