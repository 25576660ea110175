import type { Mail } from '#infra/mailer';

/** One language's part of a mail that carries a link: why it came, and how long the link works. */
interface LinkMailPart {
  lead: string[];
  validity: string;
}

/** A mail whose link the reader opens: the English part, then the Hungarian, each with the link. */
export function linkMail(mail: {
  to: string;
  subject: string;
  link: string;
  en: LinkMailPart;
  hu: LinkMailPart;
}): Mail {
  const part = ({ lead, validity }: LinkMailPart) => [...lead, '', mail.link, '', validity];
  return {
    to: mail.to,
    subject: mail.subject,
    text: [...part(mail.en), '', '---', '', ...part(mail.hu)].join('\n'),
  };
}
