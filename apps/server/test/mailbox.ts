import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on a free local port that keeps what it receives, so tests read the mail
 * Signet sends the way a person would. `smtpUrl` goes into SMTP_URL.
 */
export interface Mailbox {
  smtpUrl: string;
  received: ReceivedMail[];
  /** Waits for the next mail to `to` received after `since` mails (default: any new one). */
  next(to: string, since?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** The mailbox of each test app (test-app.ts), so fixtures given only the app can read its mail. */
export const appMailboxes = new WeakMap<object, Mailbox>();

/** The first link in a mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting ${prefix} in mail "${mail.subject}"`);
  return link;
}

export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          for (const rcpt of session.envelope.rcptTo) {
            received.push({
              to: rcpt.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
            });
          }
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const find = (to: string, since: number) =>
    received.slice(since).find((mail) => mail.to === to.toLowerCase());
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    received,
    async next(to, since = 0) {
      for (;;) {
        const mail = find(to, since);
        if (mail) return mail;
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no mail to ${to} arrived`)), 10_000);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
