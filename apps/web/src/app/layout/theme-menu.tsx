import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { useThemeSelection } from '../theme/theme-selection';

/** The theme picker's entries: loaded apart from the app's code, when first opened. */
export default function ThemeMenu({
  anchor,
  onClose,
}: {
  anchor: HTMLElement | null;
  onClose(): void;
}) {
  const { t } = useTranslation('app');
  const selection = useThemeSelection();
  return (
    <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {selection.available.map((name) => (
        <MenuItem
          key={name}
          selected={name === selection.name}
          onClick={() => {
            selection.select(name);
            onClose();
          }}
        >
          {t(`themes.${name}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
