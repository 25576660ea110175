import type { Locale } from '@signet/contracts/users';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOfLocale } from '../../shared/i18n/namespaces';
import { rememberLanguage } from '../i18n';

/** The interface language follows the signed-in user's locale (EN/HU). */
export function useLanguageSync(locale: Locale | undefined): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (!locale) return;
    const language = languageOfLocale(locale);
    rememberLanguage(language);
    document.documentElement.lang = language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [locale, i18n]);
}
