import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { credentialMessages, keyPasswordSchema } from '@signet/contracts/credentials';
import { translateValidation } from './validation-message';

const t = ((key: string) => `t:${key}`) as unknown as TFunction<'credentials'>;

describe('translateValidation', () => {
  it('maps every contract message to its key', () => {
    for (const [key, message] of Object.entries(credentialMessages)) {
      expect(translateValidation(t, message)).toBe(`t:validation.${key}`);
    }
  });

  it('translates what the key password schema says', () => {
    const message = keyPasswordSchema.safeParse('12a456').error?.issues[0]?.message;
    expect(translateValidation(t, message)).toBe('t:validation.onlyDigits');
  });

  it('falls back to "invalid" and passes undefined through', () => {
    expect(translateValidation(t, 'something else')).toBe('t:validation.invalid');
    expect(translateValidation(t, undefined)).toBeUndefined();
  });
});
