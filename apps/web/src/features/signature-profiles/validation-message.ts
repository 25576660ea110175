import { signatureProfileMessages } from '@signet/contracts/signature-profiles';
import { signMessages } from '@signet/contracts/signatures';
import type { TFunction } from 'i18next';

type MessageKey = keyof typeof signatureProfileMessages;
const keyByMessage = new Map<string, MessageKey>(
  (Object.entries(signatureProfileMessages) as [MessageKey, string][]).map(([key, text]) => [
    text,
    key,
  ]),
);
// The image data URL schema is shared with the sign call and speaks with its messages.
keyByMessage.set(signMessages.notAnImage, 'notAnImage');
keyByMessage.set(signMessages.imageTooLarge, 'imageTooLarge');

/** The translation of a contract validation message; anything else becomes "invalid value". */
export function translateValidation(
  t: TFunction<'signatureProfiles'>,
  message: string | undefined,
): string | undefined {
  if (message === undefined) return undefined;
  const key = keyByMessage.get(message);
  return key ? t(`validation.${key}`) : t('validation.invalid');
}

/**
 * The message under a field: a contract message translated; a message the form set itself
 * (`client`) or the server sent (`server`) as it is when it is none of the contract's.
 */
export function fieldMessage(
  t: TFunction<'signatureProfiles'>,
  error: { message?: string; type?: string } | undefined,
): string | undefined {
  if (!error?.message) return undefined;
  const key = keyByMessage.get(error.message);
  if (key) return t(`validation.${key}`);
  return error.type === 'client' || error.type === 'server'
    ? error.message
    : t('validation.invalid');
}
