import { createContext, useContext } from 'react';
import type { ThemeName } from './themes';

export interface ThemeSelection {
  name: ThemeName;
  available: ThemeName[];
  /** Only in dev mode (the selector is hidden otherwise). */
  canSelect: boolean;
  select(name: ThemeName): void;
}

export const ThemeSelectionContext = createContext<ThemeSelection | null>(null);

export function useThemeSelection(): ThemeSelection {
  const value = useContext(ThemeSelectionContext);
  if (!value) throw new Error('useThemeSelection needs <AppThemeProvider>');
  return value;
}
