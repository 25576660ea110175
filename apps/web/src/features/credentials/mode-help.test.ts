import { describe, expect, it } from 'vitest';
import { creatableAuthModes, enrollmentModes } from '@signet/contracts/credentials';
import en from './i18n/en.json';
import hu from './i18n/hu.json';

describe('the credential dialog explains its modes (issue 26 §6)', () => {
  it.each([
    ['en', en],
    ['hu', hu],
  ] as const)('%s: a sentence for each key mode and certificate mode offered', (_, strings) => {
    for (const mode of creatableAuthModes) {
      const help = strings.authModeHelp[mode];
      expect(help, mode).toMatch(/^\p{Lu}.{30,}\.$/u);
      expect(help).not.toContain(strings.authMode[mode]);
    }
    for (const mode of enrollmentModes) {
      expect(strings.enrollmentModeHelp[mode], mode).toMatch(/^\p{Lu}.{30,}\.$/u);
    }
    // The two ways of using a key are told apart by what the person does.
    expect(strings.authModeHelp.EXPLICIT).not.toBe(strings.authModeHelp.IMPLICIT);
  });
});
