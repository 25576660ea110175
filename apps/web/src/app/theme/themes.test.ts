import { describe, expect, it } from 'vitest';
import { availableThemeNames, createAppTheme, initialThemeName } from './themes';

const serverTheme = {
  primary: '#112233',
  secondary: '#445566',
  background: '#000000',
  paper: '#111111',
  mode: 'dark' as const,
};

describe('themes', () => {
  it('offers three built-in themes plus the server one when sent', () => {
    expect(availableThemeNames(null)).toEqual(['light', 'dark', 'contrast']);
    expect(availableThemeNames(serverTheme)).toEqual(['server', 'light', 'dark', 'contrast']);
  });

  it('starts with the server theme, honouring a stored choice only in dev mode', () => {
    expect(initialThemeName(serverTheme, 'dark', false)).toBe('server');
    expect(initialThemeName(serverTheme, 'dark', true)).toBe('dark');
    expect(initialThemeName(null, 'server', true)).toBe('light');
    expect(initialThemeName(null, null, false)).toBe('light');
  });

  it('builds the server palette', () => {
    const theme = createAppTheme('server', serverTheme);
    expect(theme.palette.primary.main).toBe('#112233');
    expect(theme.palette.mode).toBe('dark');
    expect(createAppTheme('dark', null).palette.mode).toBe('dark');
  });
});
