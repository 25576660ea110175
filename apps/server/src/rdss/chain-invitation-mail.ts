import type { Mail } from '#infra/mailer';

/** The link of a chain invitation: the token rides in the fragment, which no server logs. */
export function chainInvitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/join/chain#${token}`;
}

/** The mail to an invited e-mail: English and Hungarian in one text. */
export function chainInvitationMail(options: {
  to: string;
  from: string;
  fileName: string;
  link: string;
  days: number;
}): Mail {
  const { to, from, fileName, link, days } = options;
  return {
    to,
    subject: `Signet: ${from} asks you to sign ${fileName} / aláírásra kéri`,
    text: [
      `${from} asks you to sign “${fileName}” with Signet.`,
      `Open this link, then sign in or create an account (with ${to} or any other address):`,
      '',
      link,
      '',
      `The link works once and for ${days} days.`,
      '',
      '---',
      '',
      `${from} a Signetben a(z) „${fileName}” aláírására kéri.`,
      'Nyissa meg ezt a hivatkozást, majd jelentkezzen be vagy hozzon létre fiókot:',
      '',
      link,
      '',
      `A hivatkozás egyszer és ${days} napig használható.`,
    ].join('\n'),
  };
}
