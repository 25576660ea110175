import i18next from 'i18next';
import type { BackendModule, i18n as I18n, ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { commonNamespace, languageStorageKey, languages } from '../shared/i18n/namespaces';
import type { Language } from '../shared/i18n/namespaces';
import { en } from './i18n/strings-en';

/**
 * The namespaces, each with its strings in `src/.../i18n/{en,hu}.json`: a feature adds its own
 * folder to `i18n/strings-en.ts` and `i18n/strings-hu.ts` and reads it with
 * `useTranslation('<feature>')`. English comes with the app's code; another language is loaded
 * when it is first used (`i18n.loadLanguages`, `changeLanguage`), decision 016.
 */
const namespaces = Object.keys(en);

/** Loads the languages that are not in the app's code. */
const otherLanguages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (language !== 'hu') {
      callback(null, false);
      return;
    }
    import('./i18n/strings-hu').then(
      ({ hu }) => callback(null, hu[namespace as keyof typeof hu] as ResourceKey),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The language of the last signed-in user, so the Welcome page speaks it too. */
export function storedLanguage(): Language {
  const stored = window.localStorage.getItem(languageStorageKey);
  return stored === 'hu' ? 'hu' : 'en';
}

export function rememberLanguage(language: Language): void {
  window.localStorage.setItem(languageStorageKey, language);
}

/** The app's i18next, once the strings of `language` are there (English comes with the code). */
export async function createI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(initReactI18next)
    .use(otherLanguages)
    .init({
      resources: { en },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...languages],
      ns: namespaces,
      defaultNS: 'app',
      fallbackNS: commonNamespace,
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      showSupportNotice: false,
    });
  return instance;
}
