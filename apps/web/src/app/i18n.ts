import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import chainsEn from '../features/chains/i18n/en.json';
import chainsHu from '../features/chains/i18n/hu.json';
import credentialsEn from '../features/credentials/i18n/en.json';
import credentialsHu from '../features/credentials/i18n/hu.json';
import profileEn from '../features/profile/i18n/en.json';
import profileHu from '../features/profile/i18n/hu.json';
import signingEn from '../features/signing/i18n/en.json';
import signingHu from '../features/signing/i18n/hu.json';
import usersEn from '../features/users/i18n/en.json';
import usersHu from '../features/users/i18n/hu.json';
import commonEn from '../shared/i18n/en.json';
import commonHu from '../shared/i18n/hu.json';
import { commonNamespace, languages } from '../shared/i18n/namespaces';
import signatureProfilesEn from '../features/signature-profiles/i18n/en.json';
import signatureProfilesHu from '../features/signature-profiles/i18n/hu.json';
import signatureDrawerEn from '../shared/signature-drawer/i18n/en.json';
import signatureDrawerHu from '../shared/signature-drawer/i18n/hu.json';
import type { Language } from '../shared/i18n/namespaces';
import appEn from './i18n/en.json';
import appHu from './i18n/hu.json';

/**
 * Every namespace with its English and Hungarian strings. A feature adds its own
 * `src/features/<feature>/i18n/{en,hu}.json` here and reads it with `useTranslation('<feature>')`.
 */
export const resources = {
  en: {
    [commonNamespace]: commonEn,
    app: appEn,
    users: usersEn,
    profile: profileEn,
    credentials: credentialsEn,
    chains: chainsEn,
    signing: signingEn,
    signatureDrawer: signatureDrawerEn,
    signatureProfiles: signatureProfilesEn,
  },
  hu: {
    [commonNamespace]: commonHu,
    app: appHu,
    users: usersHu,
    profile: profileHu,
    credentials: credentialsHu,
    chains: chainsHu,
    signing: signingHu,
    signatureDrawer: signatureDrawerHu,
    signatureProfiles: signatureProfilesHu,
  },
} as const;

const storageKey = 'signet.language';

/** The language of the last signed-in user, so the Welcome page speaks it too. */
export function storedLanguage(): Language {
  const stored = window.localStorage.getItem(storageKey);
  return stored === 'hu' ? 'hu' : 'en';
}

export function rememberLanguage(language: Language): void {
  window.localStorage.setItem(storageKey, language);
}

export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...languages],
    ns: Object.keys(resources.en),
    defaultNS: 'app',
    fallbackNS: commonNamespace,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}
