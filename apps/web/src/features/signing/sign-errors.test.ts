import { signErrorCodes } from '@signet/contracts/signatures';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error';
import { describeError } from '../../shared/api/error-message';
import type { Translate } from '../../shared/api/error-message';
import en from '../../shared/i18n/en.json';
import hu from '../../shared/i18n/hu.json';

/** A stand-in for i18next over one language's `common` strings. */
function translator(strings: unknown): Translate {
  return (key, options = {}) => {
    const template = key
      .split('.')
      .reduce<unknown>(
        (node, part) => (node as Record<string, unknown> | undefined)?.[part],
        strings,
      );
    return String(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}

const signError = (code: ApiError['code']) =>
  new ApiError({ code, status: 400, message: 'x', time: '2026-11-25T08:00:00Z' });

/** The errors of issue 14 §1 a signer can meet on the signing screens. */
const issueErrors = [
  'INCORRECT_KEYPASSWORD_OR_PUK',
  'KEY_BLOCKED',
  'CREDENTIAL_NOT_ACTIVATED',
  'EMPTY_CERTIFICATE_CHAIN',
  'SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE',
  'DOCUMENT_PARSING_ERROR',
  'DOCUMENT_CANNOT_BE_MODIFIED',
  'PDF_PASSWORD_REQUIRED',
  'INCORRECT_PDF_PASSWORD',
] as const;

describe('the sign errors in the signing screens', () => {
  it('covers every code the sign call answers', () => {
    for (const code of issueErrors) expect(signErrorCodes).toContain(code);
  });

  it.each(issueErrors)('%s is its own catalogue message in English and Hungarian', (code) => {
    const english = describeError(signError(code), translator(en));
    const hungarian = describeError(signError(code), translator(hu));
    expect(english).toBe(en.errors[code]);
    expect(hungarian).toBe(hu.errors[code]);
    expect(hungarian).not.toBe(english);
    expect(english).not.toMatch(/undefined|UTC/);
  });
});
