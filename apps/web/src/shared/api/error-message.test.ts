import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { ApiError, retryAtOf, toApiError } from './api-error';
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

describe('describeError for TOO_MANY_REQUESTS', () => {
  it('says when the call can be tried again when the server said so', () => {
    const retryAt = new Date(2026, 10, 27, 0, 35, 0);
    const limited = new ApiError({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      message: 'The invitations of this chain were resent less than an hour ago',
      retryAt,
    });
    expect(describeError(limited, t)).toBe('Too many requests. Try again at 2026.11.27 00:35:00.');
    expect(describeError(error('TOO_MANY_REQUESTS'), t)).toBe(
      'Too many requests. Try again later.',
    );
  });

  it('reads the time from Retry-After: seconds from now, or an HTTP date', () => {
    const now = new Date('2026-11-26T23:35:00Z');
    expect(retryAtOf('3600', now)?.toISOString()).toBe('2026-11-27T00:35:00.000Z');
    expect(retryAtOf('Fri, 27 Nov 2026 00:00:00 GMT', now)?.toISOString()).toBe(
      '2026-11-27T00:00:00.000Z',
    );
    expect(retryAtOf(null, now)).toBeNull();
    expect(retryAtOf('soon', now)).toBeNull();
    const fromResponse = toApiError(
      429,
      { code: 'TOO_MANY_REQUESTS', message: '', time: '' },
      '60',
    );
    expect(fromResponse.retryAt).not.toBeNull();
  });
});
