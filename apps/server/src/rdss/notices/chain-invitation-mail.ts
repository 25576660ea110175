import type { Locale } from '@signet/contracts/users';
import { mailLine, type Mail } from '#infra/mailer';

/** The link of a chain invitation: the token rides in the fragment, which no server logs. */
export function chainInvitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/join/chain#${token}`;
}

/**
 * Longest inviter name a subject carries (an account name may be 255 characters): enough for a
 * person's name, too short to read as a sentence of its own.
 */
const subjectNameLength = 40;

/**
 * The inviter's name as a subject shows it: one line, bounded, and quoted, so that whatever the
 * name says ("Urgent Subject: …") reads as a name Signet quotes, not as Signet's words. Quotation
 * marks inside it become apostrophes, so the name cannot close the quote.
 */
function quotedName(name: string, locale: Locale): string {
  const bare = mailLine(name, subjectNameLength).replace(/["“”„«»]/g, "'");
  return locale === 'HU' ? `„${bare}”` : `“${bare}”`;
}

/** The inviter as Signet knows them: the account's name, and its address. */
export interface Inviter {
  name: string;
  email: string;
  locale: Locale;
}

function subjectOf(inviter: Inviter): string {
  const name = quotedName(inviter.name, inviter.locale);
  return inviter.locale === 'HU'
    ? `Signet: ${name} dokumentum aláírására kéri`
    : `Signet: ${name} asks you to sign a document`;
}

function english(inviter: Inviter, words: string[], to: string, link: string, days: number) {
  return [
    `${mailLine(inviter.name)} (${inviter.email}) asks you to sign a document with Signet.`,
    ...(words.length > 0
      ? ['', `What ${mailLine(inviter.name)} wrote (their words, not Signet's):`, ...words]
      : []),
    '',
    `Open this link, then sign in or create an account (with ${to} or any other address):`,
    '',
    link,
    '',
    `The link works once and for ${days} days.`,
  ];
}

function hungarian(inviter: Inviter, words: string[], link: string, days: number) {
  return [
    `${mailLine(inviter.name)} (${inviter.email}) a Signetben egy dokumentum aláírására kéri.`,
    ...(words.length > 0
      ? ['', `${mailLine(inviter.name)} üzenete (az ő szavai, nem a Signeté):`, ...words]
      : []),
    '',
    'Nyissa meg ezt a hivatkozást, majd jelentkezzen be vagy hozzon létre fiókot:',
    '',
    link,
    '',
    `A hivatkozás egyszer és ${days} napig használható.`,
  ];
}

/**
 * The mail to an invited e-mail, in English and Hungarian (the inviter's language first: the
 * recipient's is unknown). The subject is Signet's own words with the inviter's account name,
 * quoted and bounded (decision 054); what the inviter typed (the file name, the comment) is only
 * in the body, quoted and marked as theirs (issue 25 §5: Signet is no relay for anyone's text).
 */
export function chainInvitationMail(options: {
  to: string;
  inviter: Inviter;
  fileName: string;
  comment: string | null;
  link: string;
  days: number;
}): Mail {
  const { to, inviter, fileName, comment, link, days } = options;
  const quoted = (label: string, text: string) => `  ${label}: “${mailLine(text)}”`;
  const wordsEn = [quoted('File', fileName), ...(comment ? [quoted('Message', comment)] : [])];
  const wordsHu = [quoted('Fájl', fileName), ...(comment ? [quoted('Üzenet', comment)] : [])];
  const en = english(inviter, wordsEn, to, link, days);
  const hu = hungarian(inviter, wordsHu, link, days);
  const [first, second] = inviter.locale === 'HU' ? [hu, en] : [en, hu];
  return {
    to,
    subject: subjectOf(inviter),
    text: [...first, '', '---', '', ...second].join('\n'),
  };
}
