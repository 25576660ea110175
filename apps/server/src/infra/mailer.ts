import type { Transporter } from 'nodemailer';
import { AppError } from './app-error';
import type { Config } from './config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends the mail that proves a person reads an address (invitations, e-mail confirmation). */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The console stands in for a mail server on the embedded default, so a fresh install can still
 * follow its links. Printed as plain text, never as a JSON log line: log shippers keep those, and
 * the links are credentials until used.
 */
function printMail(mail: Mail): void {
  const rule = '-'.repeat(72);
  console.log(
    [
      '',
      rule,
      `Mail (no SMTP_URL set) to ${mail.to}: ${mail.subject}`,
      '',
      mail.text,
      rule,
      '',
    ].join('\n'),
  );
}

/**
 * Sends a mail a call cannot do without (an invitation): when it cannot go out the call answers
 * SERVICE_UNAVAILABLE, so the caller's transaction rolls back and nothing is left half done.
 */
export async function sendOrUnavailable(mailer: Mailer, mail: Mail): Promise<void> {
  try {
    await mailer.send(mail);
  } catch (error) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      `The mail to ${mail.to} could not be sent; try again later`,
      undefined,
      { cause: error },
    );
  }
}

export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  if (!config.SMTP_URL) return { send: async (mail) => printMail(mail) };
  const url = config.SMTP_URL;
  // nodemailer loads with the first mail, not at start.
  let transport: Promise<Transporter> | null = null;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(url),
      );
      await (await transport).sendMail({ from: config.MAIL_FROM, ...mail });
    },
  };
}
