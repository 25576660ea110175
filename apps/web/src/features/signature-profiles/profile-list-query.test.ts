import { describe, expect, it } from 'vitest';
import { signatureProfileMessages } from '@signet/contracts/signature-profiles';
import type { TFunction } from 'i18next';
import en from './i18n/en.json';
import { readProfileListQuery, truncatedName, writeProfileListQuery } from './profile-list-query';
import { translateValidation } from './validation-message';

describe('profile list', () => {
  it('keeps q, page and size in the address, defaults left out', () => {
    const query = readProfileListQuery(new URLSearchParams('q=abc&page-num=2&page-size=25'));
    expect(query).toMatchObject({ q: 'abc', 'page-num': 2, 'page-size': 25, 'sort-field': 'name' });
    expect(writeProfileListQuery(query).toString()).toBe('q=abc&page-num=2&page-size=25');
    expect(readProfileListQuery(new URLSearchParams('page-num=0'))['page-num']).toBe(1);
  });

  it('cuts names at 40 characters', () => {
    expect(truncatedName('x'.repeat(40))).toBe('x'.repeat(40));
    expect(truncatedName('y'.repeat(41))).toBe(`${'y'.repeat(40)}…`);
  });

  it('has a translation for every contract message', () => {
    const t = ((key: string) => key) as unknown as TFunction<'signatureProfiles'>;
    for (const message of Object.values(signatureProfileMessages)) {
      const key = translateValidation(t, message)?.replace('validation.', '') ?? '';
      expect(en.validation).toHaveProperty(key);
      expect(key).not.toBe('invalid');
    }
  });
});
