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
 * Characters no mail of Signet's carries: controls (C0, DEL, C1: CR and LF among them), format
 * characters (bidi overrides and isolates such as U+202E, zero-width ones, the BOM, soft
 * hyphens), line and paragraph separators, and lone surrogates. Many mails hold someone's own
 * text (a name, a file name, a comment, a reason); a bidi override in it would show the reader
 * other words than were sent, and a line break would let it pose as a header.
 */
const unprintable = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** One line of text with every unprintable character gone (breaks and tabs become spaces). */
export function plainLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(unprintable, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Someone's text as one line of at most `max` characters (cut with an ellipsis). */
export function mailLine(text: string, max = 255): string {
  const line = plainLine(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A mail as it goes out, whichever builder made it: the subject one plain line, the text its
 * own lines with nothing unprintable left in them.
 */
export function cleanMail(mail: Mail): Mail {
  return {
    to: plainLine(mail.to),
    subject: plainLine(mail.subject),
    text: mail.text
      .split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
      .map((line) => line.replace(/\t/g, ' ').replace(unprintable, '').trimEnd())
      .join('\n'),
  };
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

/**
 * The mailer every mail of Signet's goes through: each is cleaned (`cleanMail`) on its way out,
 * so no builder can forget it.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>): Mailer {
  if (!config.SMTP_URL) return { send: async (mail) => printMail(cleanMail(mail)) };
  const url = config.SMTP_URL;
  // nodemailer loads with the first mail, not at start.
  let transport: Promise<Transporter> | null = null;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(url),
      );
      await (await transport).sendMail({ from: config.MAIL_FROM, ...cleanMail(mail) });
    },
  };
}
