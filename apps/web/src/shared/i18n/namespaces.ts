import type { Locale } from '@signet/contracts/users';

/** Namespace of the strings in this folder (buttons, confirmations, error catalogue). */
export const commonNamespace = 'common';

export const languages = ['en', 'hu'] as const;

/** Local storage key of the last signed-in user's language (read by the entry script too). */
export const languageStorageKey = 'signet.language';
export type Language = (typeof languages)[number];

/** The user's locale (EN/HU) as an i18next language. */
export function languageOfLocale(locale: Locale): Language {
  return locale === 'HU' ? 'hu' : 'en';
}
