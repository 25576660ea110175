import type { IdpLanguage } from './idp-messages';

/** The texts of the forgot-password pages, in the provider's languages. */
const en = {
  forgotLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotText:
    'Enter the e-mail address of your account. We will send you a link to choose a new password.',
  forgotButton: 'Send link',
  forgotSent:
    'If an account uses this address, we sent it a link to choose a new password. The link works once, for 30 minutes.',
  resetTitle: 'Choose a new password',
  resetButton: 'Set password and sign in',
  resetLinkInvalid:
    'This link is not valid, has expired or was already used. Ask for a new one from the sign-in page.',
  resetTooMany: 'Too many requests. Please wait a few minutes and try again.',
};

export type PasswordResetMessages = typeof en;

const hu: PasswordResetMessages = {
  forgotLink: 'Elfelejtette a jelszavát?',
  forgotTitle: 'Jelszó visszaállítása',
  forgotText:
    'Adja meg fiókja e-mail-címét. Küldünk egy hivatkozást, amellyel új jelszót választhat.',
  forgotButton: 'Hivatkozás küldése',
  forgotSent:
    'Ha ehhez a címhez tartozik fiók, elküldtük rá az új jelszó választásához szükséges hivatkozást. A hivatkozás egyszer használható, 30 percig.',
  resetTitle: 'Új jelszó választása',
  resetButton: 'Jelszó beállítása és bejelentkezés',
  resetLinkInvalid:
    'Ez a hivatkozás érvénytelen, lejárt vagy már felhasználták. Kérjen újat a bejelentkezési oldalon.',
  resetTooMany: 'Túl sok kérés. Várjon néhány percet, majd próbálja újra.',
};

export const passwordResetMessages: Record<IdpLanguage, PasswordResetMessages> = { en, hu };
