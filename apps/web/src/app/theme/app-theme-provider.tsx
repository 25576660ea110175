import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useRemoteConfig } from '../../shared/hooks/use-remote-config';
import { ThemeSelectionContext } from './theme-selection';
import type { ThemeSelection } from './theme-selection';
import { availableThemeNames, createAppTheme, initialThemeName } from './themes';
import type { ThemeName } from './themes';

const storageKey = 'signet.theme';

/** Three built-in themes plus the server's; the choice is kept (dev mode only). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const config = useRemoteConfig();
  const [name, setName] = useState<ThemeName>(() =>
    initialThemeName(config.theme, window.localStorage.getItem(storageKey), config.devMode),
  );
  const theme = useMemo(() => createAppTheme(name, config.theme), [name, config.theme]);
  const selection = useMemo<ThemeSelection>(
    () => ({
      name,
      available: availableThemeNames(config.theme),
      canSelect: config.devMode,
      select(next) {
        window.localStorage.setItem(storageKey, next);
        setName(next);
      },
    }),
    [name, config.theme, config.devMode],
  );
  return (
    <ThemeSelectionContext.Provider value={selection}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemeSelectionContext.Provider>
  );
}
