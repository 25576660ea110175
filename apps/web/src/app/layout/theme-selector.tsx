import Palette from '@mui/icons-material/Palette';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useThemeSelection } from '../theme/theme-selection';

/** Theme picker; only in dev mode. */
export function ThemeSelector() {
  const { t } = useTranslation('app');
  const selection = useThemeSelection();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!selection.canSelect) return null;
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('header.theme')}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="theme-selector"
      >
        <Palette />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {selection.available.map((name) => (
          <MenuItem
            key={name}
            selected={name === selection.name}
            onClick={() => {
              selection.select(name);
              setAnchor(null);
            }}
          >
            {t(`themes.${name}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
