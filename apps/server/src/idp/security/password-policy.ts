import { dictionary } from '@zxcvbn-ts/language-common';

export const minPasswordLength = 10;
export const maxPasswordLength = 256;

/** How many of the most common passwords are refused (the list is ordered by frequency). */
const commonCount = 10_000;

let common: Set<string> | undefined;

/** True for one of the 10,000 most common passwords, ignoring case; checked offline. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, commonCount));
  return common.has(password.toLowerCase());
}
