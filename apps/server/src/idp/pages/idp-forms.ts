import { z } from 'zod';
import { isCommonPassword, maxPasswordLength, minPasswordLength } from '../security';
import type { IdpMessages } from './idp-messages';

/** A posted form: url-encoded fields, each read as one string. */
export type FormBody = Record<string, unknown>;

export function field(body: unknown, name: string): string {
  const value = (body as FormBody | undefined)?.[name];
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return '';
}

const emailSchema = z.email();

export type FieldErrors = Record<string, string>;

export function checkEmail(m: IdpMessages, email: string, errors: FieldErrors): void {
  if (!email) errors.email = m.required;
  else if (email.length > 254 || !emailSchema.safeParse(email).success) {
    errors.email = m.invalidEmail;
  }
}

export function checkNewPassword(
  m: IdpMessages,
  names: { password: string; confirm: string },
  body: unknown,
  errors: FieldErrors,
): void {
  const password = field(body, names.password);
  if (!password) errors[names.password] = m.required;
  else if (password.length < minPasswordLength) errors[names.password] = m.passwordTooShort;
  else if (password.length > maxPasswordLength) errors[names.password] = m.passwordTooLong;
  else if (isCommonPassword(password)) errors[names.password] = m.passwordTooCommon;
  if (!errors[names.password] && field(body, names.confirm) !== password) {
    errors[names.confirm] = m.passwordsDiffer;
  }
}

export interface RegistrationInput {
  email: string;
  givenName: string;
  familyName: string;
  password: string;
}

/** Validates the registration form: e-mail, names, password by the policy (password-policy.ts) and its confirmation. */
export function readRegistration(
  m: IdpMessages,
  body: unknown,
): { input: RegistrationInput; errors: FieldErrors } {
  const input = {
    email: field(body, 'email').trim(),
    givenName: field(body, 'givenName').trim(),
    familyName: field(body, 'familyName').trim(),
    password: field(body, 'password'),
  };
  const errors: FieldErrors = {};
  checkEmail(m, input.email, errors);
  for (const name of ['givenName', 'familyName'] as const) {
    if (!input[name]) errors[name] = m.required;
    else if (input[name].length > 100) errors[name] = m.tooLong;
  }
  checkNewPassword(m, { password: 'password', confirm: 'passwordConfirm' }, body, errors);
  return { input, errors };
}

/** Validates the change-password form. */
export function readPasswordChange(
  m: IdpMessages,
  body: unknown,
): {
  input: { email: string; currentPassword: string; newPassword: string };
  errors: FieldErrors;
} {
  const input = {
    email: field(body, 'email').trim(),
    currentPassword: field(body, 'currentPassword'),
    newPassword: field(body, 'newPassword'),
  };
  const errors: FieldErrors = {};
  checkEmail(m, input.email, errors);
  if (!input.currentPassword) errors.currentPassword = m.required;
  checkNewPassword(m, { password: 'newPassword', confirm: 'newPasswordConfirm' }, body, errors);
  return { input, errors };
}

/** Validates the delete-account form. */
export function readAccountDeletion(
  m: IdpMessages,
  body: unknown,
): { input: { email: string; password: string }; errors: FieldErrors } {
  const input = { email: field(body, 'email').trim(), password: field(body, 'password') };
  const errors: FieldErrors = {};
  checkEmail(m, input.email, errors);
  if (!input.password) errors.password = m.required;
  if (field(body, 'confirm') !== 'yes') errors.confirm = m.deleteConfirmRequired;
  return { input, errors };
}
