import type { TFunction } from 'i18next';

/**
 * Whether a time-stamp verifies and, only when it does, whether its TSA is trusted: a token that
 * does not verify is not called trusted, however its TSA chains (issue 38 #11).
 */
export function timestampStatus(
  t: TFunction<'validation'>,
  timestamp: { valid: boolean; trusted: boolean },
): string {
  if (!timestamp.valid) return t('doesNotVerify');
  return `${t('verifies')} · ${timestamp.trusted ? t('trusted') : t('untrusted')}`;
}
