import type { Mail } from '#infra/mailer';
import { linkMail } from './link-mail';

/** Days a confirmation link works (account-store `createEmailConfirmation`). */
export const confirmationDays = 7;

/** The page a confirmation link opens; the token is a path segment, which the request log redacts. */
export function confirmationLink(issuer: string, token: string): string {
  return `${issuer}/account/confirm/${token}`;
}

/** Sent on registration: the link that proves the registrant reads the address. */
export function confirmationMail(to: string, link: string): Mail {
  return linkMail({
    to,
    subject: 'Signet: confirm your e-mail address / Signet: erősítse meg e-mail-címét',
    link,
    en: {
      lead: ['You created a Signet account with this address. To confirm that it is yours, open:'],
      validity: `The link works for ${confirmationDays} days. If you did not register, ignore this mail.`,
    },
    hu: {
      lead: [
        'Ezzel a címmel Signet-fiókot hozott létre. Annak megerősítéséhez, hogy a cím az öné, nyissa meg:',
      ],
      validity: `A hivatkozás ${confirmationDays} napig érvényes. Ha nem ön regisztrált, hagyja figyelmen kívül ezt a levelet.`,
    },
  });
}

/**
 * Sent when someone registers an address that already has an account: the form answers the same
 * either way, so only the owner of the mailbox learns the account exists.
 */
export function alreadyRegisteredMail(to: string, signInUrl: string, passwordUrl: string): Mail {
  return {
    to,
    subject: 'Signet: you already have an account / Signet: már van fiókja',
    text: [
      'Someone tried to create a Signet account with this address, which already has one.',
      `If it was you, sign in at ${signInUrl}; to change your password, open ${passwordUrl}.`,
      'If it was not you, ignore this mail: nothing was changed.',
      '',
      '---',
      '',
      'Valaki Signet-fiókot próbált létrehozni ezzel a címmel, amelyhez már tartozik fiók.',
      `Ha ön volt, jelentkezzen be itt: ${signInUrl}; a jelszava módosításához nyissa meg: ${passwordUrl}.`,
      'Ha nem ön volt, hagyja figyelmen kívül ezt a levelet: semmi sem változott.',
    ].join('\n'),
  };
}
