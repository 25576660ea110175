import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import chainsEn from '../features/chains/i18n/en.json';
import chainsHu from '../features/chains/i18n/hu.json';
import credentialsEn from '../features/credentials/i18n/en.json';
import credentialsHu from '../features/credentials/i18n/hu.json';
import commonEn from '../shared/i18n/en.json';
import commonHu from '../shared/i18n/hu.json';
import appEn from './i18n/en.json';
import appHu from './i18n/hu.json';

/** Words that several features say about one thing, said the same way (issue 26 §6). */
describe('shared wording', () => {
  it.each([
    ['en', credentialsEn, commonEn],
    ['hu', credentialsHu, commonHu],
  ] as const)(
    '%s: the key password hint is the same on activation and on signing',
    async (lng, credentials, common) => {
      const i18n = i18next.createInstance();
      await i18n.init({
        lng,
        resources: { [lng]: { credentials, common } },
        interpolation: { escapeValue: false },
      });
      const activation = i18n.t('credentials:hint.keyPassword', { min: 6 });
      expect(activation).toMatch(/6/);
      // The key password dialog of the signing screens and the quantum-safe demo.
      expect(i18n.t('common:keyPassword.hint', { min: 6 })).toBe(activation);
    },
  );

  it.each([
    ['en', appEn, chainsEn],
    ['hu', appHu, chainsHu],
  ] as const)(
    '%s: the menu names the chain lists as their pages do, spelt as the spec spells them (issue 38 §12)',
    (_, app, chains) => {
      expect(app.menu.myDocuments).toBe(chains.title);
      expect(app.menu.allDocuments).toBe(chains.adminTitle);
    },
  );

  it('says My Documents and All Documents in English (documents.md §2)', () => {
    expect([appEn.menu.myDocuments, chainsEn.title]).toEqual(['My Documents', 'My Documents']);
    expect([appEn.menu.allDocuments, chainsEn.adminTitle]).toEqual([
      'All Documents',
      'All Documents',
    ]);
  });
});
