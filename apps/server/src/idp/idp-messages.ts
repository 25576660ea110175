/** Languages of the identity provider's pages. */
export type IdpLanguage = 'en' | 'hu';

const en = {
  productName: 'Signet',
  signInTitle: 'Sign in',
  signInButton: 'Sign in',
  email: 'Email',
  password: 'Password',
  noAccount: 'No account yet?',
  registerLink: 'Create an account',
  haveAccount: 'Already have an account?',
  signInLink: 'Sign in',
  wrongCredentials: 'The e-mail address or password is incorrect.',
  tooManyAttempts: 'Too many failed attempts. Please wait a few minutes and try again.',
  registerTitle: 'Create an account',
  registerButton: 'Create account',
  givenName: 'First name',
  familyName: 'Last name',
  passwordConfirm: 'Confirm password',
  registered: 'Your account is ready. You can sign in now.',
  emailTaken: 'An account with this e-mail address already exists.',
  invalidEmail: 'Enter a valid e-mail address.',
  required: 'This field is required.',
  passwordTooShort: 'The password must be at least 8 characters long.',
  passwordTooLong: 'The password is too long.',
  passwordsDiffer: 'The two passwords do not match.',
  tooLong: 'This value is too long.',
  changePasswordTitle: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordConfirm: 'Confirm new password',
  changePasswordButton: 'Change password',
  passwordChanged: 'Your password has been changed.',
  deleteAccountTitle: 'Delete account',
  deleteAccountWarning:
    'This deletes your sign-in account. You will not be able to sign in with it again.',
  deleteConfirm: 'I understand that this cannot be undone',
  deleteConfirmRequired: 'Tick the box to confirm.',
  deleteAccountButton: 'Delete account',
  accountDeleted: 'Your account has been deleted.',
  formExpired: 'The form has expired. Please try again.',
  backToApp: 'Back to Signet',
  logoutTitle: 'Sign out',
  logoutQuestion: 'Do you want to sign out?',
  logoutYes: 'Yes, sign me out',
  logoutNo: 'No, stay signed in',
  loggedOut: 'You have been signed out.',
  signingOut: 'Signing you out…',
  continueButton: 'Continue',
  errorTitle: 'Something went wrong',
  errorText: 'The sign-in request could not be completed. Please start again from Signet.',
  otherLanguage: 'Magyar',
};

export type IdpMessages = typeof en;

const hu: IdpMessages = {
  productName: 'Signet',
  signInTitle: 'Bejelentkezés',
  signInButton: 'Bejelentkezés',
  email: 'E-mail',
  password: 'Jelszó',
  noAccount: 'Még nincs fiókja?',
  registerLink: 'Fiók létrehozása',
  haveAccount: 'Már van fiókja?',
  signInLink: 'Bejelentkezés',
  wrongCredentials: 'Hibás e-mail-cím vagy jelszó.',
  tooManyAttempts: 'Túl sok sikertelen próbálkozás. Várjon néhány percet, majd próbálja újra.',
  registerTitle: 'Fiók létrehozása',
  registerButton: 'Fiók létrehozása',
  givenName: 'Keresztnév',
  familyName: 'Vezetéknév',
  passwordConfirm: 'Jelszó megerősítése',
  registered: 'A fiókja elkészült. Most már bejelentkezhet.',
  emailTaken: 'Ezzel az e-mail-címmel már létezik fiók.',
  invalidEmail: 'Adjon meg egy érvényes e-mail-címet.',
  required: 'A mező kitöltése kötelező.',
  passwordTooShort: 'A jelszónak legalább 8 karakterből kell állnia.',
  passwordTooLong: 'A jelszó túl hosszú.',
  passwordsDiffer: 'A két jelszó nem egyezik.',
  tooLong: 'Az érték túl hosszú.',
  changePasswordTitle: 'Jelszó módosítása',
  currentPassword: 'Jelenlegi jelszó',
  newPassword: 'Új jelszó',
  newPasswordConfirm: 'Új jelszó megerősítése',
  changePasswordButton: 'Jelszó módosítása',
  passwordChanged: 'A jelszava megváltozott.',
  deleteAccountTitle: 'Fiók törlése',
  deleteAccountWarning: 'Ezzel törli a bejelentkezési fiókját. Többé nem tud vele bejelentkezni.',
  deleteConfirm: 'Tudomásul veszem, hogy ez nem vonható vissza',
  deleteConfirmRequired: 'A megerősítéshez jelölje be a négyzetet.',
  deleteAccountButton: 'Fiók törlése',
  accountDeleted: 'A fiókját töröltük.',
  formExpired: 'Az űrlap lejárt. Kérjük, próbálja újra.',
  backToApp: 'Vissza a Signethez',
  logoutTitle: 'Kijelentkezés',
  logoutQuestion: 'Ki szeretne jelentkezni?',
  logoutYes: 'Igen, kijelentkezem',
  logoutNo: 'Nem, bejelentkezve maradok',
  loggedOut: 'Sikeresen kijelentkezett.',
  signingOut: 'Kijelentkeztetjük…',
  continueButton: 'Tovább',
  errorTitle: 'Hiba történt',
  errorText: 'A bejelentkezési kérés nem teljesíthető. Kérjük, kezdje újra a Signetből.',
  otherLanguage: 'English',
};

export const idpMessages: Record<IdpLanguage, IdpMessages> = { en, hu };

/**
 * Picks the page language: an explicit choice (`lang` query or form field), then the OpenID
 * `ui_locales` parameter, then Accept-Language; English otherwise.
 */
export function pickLanguage(options: {
  lang?: unknown;
  uiLocales?: unknown;
  acceptLanguage?: string | undefined;
}): IdpLanguage {
  const candidates = [
    typeof options.lang === 'string' ? options.lang : '',
    ...(typeof options.uiLocales === 'string' ? options.uiLocales.split(/\s+/) : []),
    ...(options.acceptLanguage ?? '').split(',').map((part) => part.split(';')[0]?.trim() ?? ''),
  ];
  for (const candidate of candidates) {
    const base = candidate.toLowerCase().split('-')[0];
    if (base === 'hu' || base === 'en') return base;
  }
  return 'en';
}
