import type { Theme as ServerTheme } from '@signet/contracts/server';
import { createTheme } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';

export const builtInThemeNames = ['light', 'dark', 'contrast'] as const;
export type ThemeName = (typeof builtInThemeNames)[number] | 'server';

const shared = {
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif' },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // A tooltip never catches the pointer: one left open (focus back on its button after a dialog
    // closed with Esc) must not swallow clicks on the row below it.
    MuiTooltip: { defaultProps: { disableInteractive: true } },
  },
} as const;

const builtIn: Record<(typeof builtInThemeNames)[number], () => Theme> = {
  light: () =>
    createTheme({
      ...shared,
      palette: {
        mode: 'light',
        primary: { main: '#1f4e8c' },
        secondary: { main: '#00897b' },
        background: { default: '#f4f6fa', paper: '#ffffff' },
      },
    }),
  dark: () =>
    createTheme({
      ...shared,
      palette: {
        mode: 'dark',
        primary: { main: '#8ab4f8' },
        secondary: { main: '#4db6ac' },
        background: { default: '#121417', paper: '#1c1f24' },
      },
    }),
  contrast: () =>
    createTheme({
      ...shared,
      palette: {
        mode: 'light',
        primary: { main: '#000000' },
        secondary: { main: '#b00020' },
        background: { default: '#ffffff', paper: '#ffffff' },
        text: { primary: '#000000', secondary: '#1a1a1a' },
        divider: '#000000',
      },
    }),
};

/** The MUI theme for a name; `server` uses the remote config's colour set. */
export function createAppTheme(name: ThemeName, serverTheme: ServerTheme | null): Theme {
  if (name === 'server' && serverTheme) {
    return createTheme({
      ...shared,
      palette: {
        mode: serverTheme.mode,
        primary: { main: serverTheme.primary },
        secondary: { main: serverTheme.secondary },
        background: { default: serverTheme.background, paper: serverTheme.paper },
      },
    });
  }
  return builtIn[name === 'server' ? 'light' : name]();
}

/** Names offered by the selector: the built-ins, plus the server's when it sends one. */
export function availableThemeNames(serverTheme: ServerTheme | null): ThemeName[] {
  return serverTheme ? ['server', ...builtInThemeNames] : [...builtInThemeNames];
}

/** The server's theme when configured, otherwise light; a stored dev-mode choice wins if valid. */
export function initialThemeName(
  serverTheme: ServerTheme | null,
  stored: string | null,
  devMode: boolean,
): ThemeName {
  const available = availableThemeNames(serverTheme);
  if (devMode && stored && (available as string[]).includes(stored)) return stored as ThemeName;
  return serverTheme ? 'server' : 'light';
}
