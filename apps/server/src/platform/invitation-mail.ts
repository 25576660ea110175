import type { Mail } from '#infra/mailer';

/** The link an invitation mail carries: the token rides in the fragment, which no server logs. */
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/join#${token}`;
}

/** The mail sent when an admin prepares a user: English and Hungarian in one text. */
export function invitationMail(options: { to: string; link: string; days: number }): Mail {
  const { to, link, days } = options;
  return {
    to,
    subject: 'Signet: your account is ready / Signet: a fiókja elkészült',
    text: [
      'An administrator created a Signet account for this address.',
      `To take it up, open this link and sign in (or register) with ${to}:`,
      '',
      link,
      '',
      `The link works once and for ${days} days. If you did not expect this mail, ignore it.`,
      '',
      '---',
      '',
      'Egy adminisztrátor Signet-fiókot hozott létre ehhez a címhez.',
      `Az átvételéhez nyissa meg ezt a hivatkozást, és jelentkezzen be (vagy regisztráljon) a(z) ${to} címmel:`,
      '',
      link,
      '',
      `A hivatkozás egyszer és ${days} napig használható. Ha nem várta ezt a levelet, hagyja figyelmen kívül.`,
    ].join('\n'),
  };
}
