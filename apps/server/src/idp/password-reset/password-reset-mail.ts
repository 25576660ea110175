import type { Mail } from '#infra/mailer';
import { linkMail } from '../accounts';
import { resetLinkMinutes } from './password-reset-store';

/**
 * The page a reset link opens. The token is the fragment, which the browser never sends: it
 * reaches no request log, proxy or Referer; the page's script puts it in the form.
 */
export function passwordResetLink(issuer: string, token: string): string {
  return `${issuer}/account/reset#${token}`;
}

/** Sent when someone asks to reset the password of an existing account. */
export function passwordResetMail(to: string, link: string): Mail {
  return linkMail({
    to,
    subject: 'Signet: reset your password / Signet: jelszó visszaállítása',
    link,
    en: {
      lead: [
        'Someone asked to reset the password of your Signet account. To choose a new one, open:',
      ],
      validity: `The link works once, for ${resetLinkMinutes} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
    },
    hu: {
      lead: [
        'Valaki a Signet-fiókja jelszavának visszaállítását kérte. Új jelszó választásához nyissa meg:',
      ],
      validity: `A hivatkozás egyszer használható, ${resetLinkMinutes} percig. Ha nem ön kérte, hagyja figyelmen kívül ezt a levelet: a jelszava nem változik.`,
    },
  });
}
