import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import credentialsEn from '../features/credentials/i18n/en.json';
import credentialsHu from '../features/credentials/i18n/hu.json';
import signingEn from '../features/signing/i18n/en.json';
import signingHu from '../features/signing/i18n/hu.json';

/** Words that several features say about one thing, said the same way (issue 26 §6). */
describe('shared wording', () => {
  it.each([
    ['en', credentialsEn, signingEn],
    ['hu', credentialsHu, signingHu],
  ] as const)(
    '%s: the key password hint is the same on activation and on signing',
    async (lng, credentials, signing) => {
      const i18n = i18next.createInstance();
      await i18n.init({
        lng,
        resources: { [lng]: { credentials, signing } },
        interpolation: { escapeValue: false },
      });
      const activation = i18n.t('credentials:hint.keyPassword', { min: 6 });
      expect(activation).toMatch(/6/);
      expect(i18n.t('signing:keyPassword.hint', { min: 6 })).toBe(activation);
    },
  );
});
