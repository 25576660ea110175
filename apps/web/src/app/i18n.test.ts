import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n';
import appEn from './i18n/en.json';
import appHu from './i18n/hu.json';
import chainsHu from '../features/chains/i18n/hu.json';

describe('createI18n', () => {
  it('starts in English from the strings in the app code', async () => {
    const i18n = await createI18n('en');
    expect(i18n.t('menu.dashboard')).toBe(appEn.menu.dashboard);
    expect(i18n.hasResourceBundle('hu', 'app')).toBe(false);
  });

  it('starts in Hungarian once its strings have loaded, every namespace', async () => {
    const i18n = await createI18n('hu');
    expect(i18n.language).toBe('hu');
    expect(i18n.t('menu.dashboard')).toBe(appHu.menu.dashboard);
    expect(i18n.t('chains:dashboard.see')).toBe(chainsHu.dashboard.see);
  });

  it('loads Hungarian before switching to it, and on request for a single message', async () => {
    const i18n = await createI18n('en');
    await i18n.loadLanguages('hu');
    expect(i18n.t('menu.dashboard', { lng: 'hu' })).toBe(appHu.menu.dashboard);
    expect(i18n.language).toBe('en');
    await i18n.changeLanguage('hu');
    expect(i18n.t('menu.dashboard')).toBe(appHu.menu.dashboard);
  });
});
