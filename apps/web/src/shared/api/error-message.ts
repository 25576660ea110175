import { errorCodes } from '@signet/contracts/errors';
import { formatDateTime } from '../format/format-date-time';
import { isApiError } from './api-error';

/** A translate function bound to the `common` namespace. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

function word(message: string, index: number): string {
  return message.trim().split(/\s+/)[index] ?? '';
}

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

/**
 * The translated message for an error (spec platform §8): catalogue codes map to their messages,
 * ALREADY_EXISTS and STILL_REFERENCED take words from the server message, no answer means timeout
 * or a server error, anything else shows the UTC time and the code.
 */
export function describeError(error: unknown, t: Translate): string {
  if (!isApiError(error)) {
    return t('errors.RETRIEVE');
  }
  const { code, message, time, status } = error;
  switch (code) {
    case 'ALREADY_EXISTS':
      return t('errors.ALREADY_EXISTS', { 0: word(message, 0) });
    case 'STILL_REFERENCED':
      return t('errors.STILL_REFERENCED', { 0: word(message, 0), 1: word(message, 5) });
    case 'CLIENT_ERROR':
    case 'GENERAL':
    case 'BAD_REQUEST':
    case 'DEFAULT_INVALID_REQUEST':
    case 'INVALID_REQUEST':
    case 'VALIDATION_FAILED': {
      const fields = Object.entries(error.fields).map(([field, text]) => `${field}: ${text}`);
      const detail = fields.length > 0 ? fields.join('; ') : message;
      return detail
        ? t(`errors.${code}`, { message: detail })
        : t('errors.CLIENT_ERROR_NO_MSG', { time, code });
    }
    case 'TOO_MANY_REQUESTS':
      // Issue 25 §5: say when it can be tried again (a resend in an hour, mails tomorrow).
      return error.retryAt
        ? t('errors.TOO_MANY_REQUESTS_AT', { time: formatDateTime(error.retryAt) })
        : t('errors.TOO_MANY_REQUESTS');
    case 'INVITATION_FOR_ANOTHER_ADDRESS':
      return t('errors.INVITATION_FOR_ANOTHER_ADDRESS', { email: error.fields.email ?? '' });
    case 'CA_ENROLLMENT_FAILED':
      return t('errors.CA_ENROLLMENT_FAILED', { message });
    case 'TIMEOUT':
      return t('errors.TIMEOUT');
    case 'NETWORK_ERROR':
      return t('errors.NETWORK_ERROR', { message: message || String(status) });
    default:
      return knownCodes.has(code) ? t(`errors.${code}`) : t('errors.UNKNOWN', { time, code });
  }
}
