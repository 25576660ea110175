import { describe, expect, it } from 'vitest';
import { createI18n } from '../../app/i18n';
import { chainNameOf, uploadWording } from './upload-wording';

/** The upload dialog's words for `fileCount` files, as a person reads them. */
async function dialogWords(language: 'en' | 'hu', fileCount: number, bulk: boolean) {
  const i18n = await createI18n(language);
  const t = (key: string) => i18n.t(key, { ns: 'chains', count: fileCount });
  const wording = uploadWording(fileCount, bulk);
  return {
    title: t(wording.title),
    drop: t(wording.drop),
    bulkSwitch: t('uploadDialog.bulk'),
    result: wording.result && t(wording.result),
  };
}

describe('the upload dialog says what several files become (issue 38 §14)', () => {
  it.each(['en', 'hu'] as const)(
    '%s: one PDF is a document; several are a batch, one container with the bulk switch',
    async (language) => {
      const one = await dialogWords(language, 1, false);
      const several = await dialogWords(language, 3, false);
      const bulk = await dialogWords(language, 3, true);
      expect(one.result).toBeNull();
      expect(several.title).not.toBe(one.title);
      expect(several.drop).not.toBe((await dialogWords(language, 0, false)).drop);
      // With the bulk switch on, the signed result is named for what it is: an ASiC-E container.
      expect(bulk.result).toMatch(/ASiC-E/);
      expect(bulk.result).toMatch(/\.asice/);
      expect(bulk.result).toMatch(/3/);
      expect(bulk.bulkSwitch).toMatch(/ASiC-E/);
      // Without it, one chain per file, each PDF signed on its own.
      expect(several.result).toMatch(/3/);
      expect(several.result).not.toMatch(/ASiC-E/);
    },
  );

  it('titles several files in English as documents, in Hungarian as dokumentumok', async () => {
    expect((await dialogWords('en', 2, true)).title).toBe('Upload documents');
    expect((await dialogWords('hu', 2, true)).title).toBe('Dokumentumok feltöltése');
  });
});

describe('the name of a batch (issue 38 §8)', () => {
  const files = [{ name: 'invoice-1.pdf' }, { name: 'invoice-2.pdf' }];
  it('is what was typed, never the first file’s name with it appended', () => {
    expect(chainNameOf('Invoices batch', files)).toBe('Invoices batch');
    expect(chainNameOf('  Invoices batch ', files)).toBe('Invoices batch');
  });
  it('is the first file’s name when nothing was typed (D§5)', () => {
    expect(chainNameOf('', files)).toBe('invoice-1.pdf');
    expect(chainNameOf('   ', files)).toBe('invoice-1.pdf');
    expect(chainNameOf('', [])).toBe('');
  });
});
