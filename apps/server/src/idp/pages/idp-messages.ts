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
  registered: 'We sent a mail to this address. Open it to continue: it tells you what to do next.',
  confirmTitle: 'Confirm your e-mail address',
  confirmText: 'Confirm that this e-mail address is yours.',
  confirmButton: 'Confirm',
  emailConfirmed: 'Your e-mail address is confirmed. Sign in to Signet to continue.',
  confirmLinkInvalid: 'This link is not valid or has expired. Register again to get a new one.',
  passwordHint: 'At least 10 characters, and not one of the most common passwords.',
  passwordTooCommon: 'This password is among the most common ones. Choose another.',
  invalidEmail: 'Enter a valid e-mail address.',
  required: 'This field is required.',
  passwordTooShort: 'The password must be at least 10 characters long.',
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
  registered: 'Levelet küldtünk erre a címre. Nyissa meg a folytatáshoz: leírja, mi a teendő.',
  confirmTitle: 'E-mail-cím megerősítése',
  confirmText: 'Erősítse meg, hogy ez az e-mail-cím az öné.',
  confirmButton: 'Megerősítés',
  emailConfirmed: 'Az e-mail-címét megerősítettük. A folytatáshoz jelentkezzen be a Signetbe.',
  confirmLinkInvalid:
    'Ez a hivatkozás érvénytelen vagy lejárt. Regisztráljon újra, hogy újat kapjon.',
  passwordHint: 'Legalább 10 karakter, és ne a leggyakoribb jelszavak egyike.',
  passwordTooCommon: 'Ez a jelszó a leggyakoribbak közé tartozik. Válasszon másikat.',
  invalidEmail: 'Adjon meg egy érvényes e-mail-címet.',
  required: 'A mező kitöltése kötelező.',
  passwordTooShort: 'A jelszónak legalább 10 karakterből kell állnia.',
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
