import { credentialMessages } from '@signet/contracts/credentials';
import type { TFunction } from 'i18next';

type MessageKey = keyof typeof credentialMessages;
const keyByMessage = new Map<string, MessageKey>(
  (Object.entries(credentialMessages) as [MessageKey, string][]).map(([key, text]) => [text, key]),
);

/**
 * The translation of a contract validation message (the contract's English texts are the keys of
 * `credentials:validation.*`); anything else becomes "invalid value".
 */
export function translateValidation(
  t: TFunction<'credentials'>,
  message: string | undefined,
): string | undefined {
  if (message === undefined) return undefined;
  const key = keyByMessage.get(message);
  return key ? t(`validation.${key}`) : t('validation.invalid');
}
