import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { ApiError } from './api-error';
import { describeError } from './error-message';
import type { Translate } from './error-message';

/** A tiny stand-in for i18next over the English `common` strings. */
const t: Translate = (key, options = {}) => {
  const template = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  return String(template).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
};

const error = (code: ApiError['code'], message = '', fields?: Record<string, string>) =>
  new ApiError({ code, status: 400, message, time: '2026-01-01T00:00:00Z', fields });

describe('describeError', () => {
  it('uses words of the server message for ALREADY_EXISTS and STILL_REFERENCED', () => {
    expect(describeError(error('ALREADY_EXISTS', 'User with e-mail a@b exists'), t)).toBe(
      'User already exists',
    );
    expect(
      describeError(error('STILL_REFERENCED', 'Device is still referenced from chain 3'), t),
    ).toBe('Device is still referenced from chain');
  });

  it('shows field messages of VALIDATION_FAILED', () => {
    expect(
      describeError(error('VALIDATION_FAILED', 'bad', { email: 'email must be valid' }), t),
    ).toBe('Invalid data: email: email must be valid');
    expect(describeError(error('VALIDATION_FAILED', ''), t)).toBe(
      'Request failed at 2026-01-01T00:00:00Z UTC (VALIDATION_FAILED)',
    );
  });

  it('names the invited address of an invitation opened by another account', () => {
    expect(
      describeError(
        error('INVITATION_FOR_ANOTHER_ADDRESS', 'This invitation is for x', { email: 'ceo@x.hu' }),
        t,
      ),
    ).toBe('This invitation is for ceo@x.hu. Sign in with that address to take it up.');
  });

  it('maps catalogue codes and the no-answer cases', () => {
    expect(describeError(error('DOCUMENT_PARSING_ERROR'), t)).toBe(
      'Error while processing the PDF file',
    );
    expect(describeError(error('TIMEOUT'), t)).toBe('Timeout exceeded');
    expect(describeError(new Error('boom'), t)).toBe('Error while retrieving data');
  });
});
