import type { Locale } from '@signet/contracts/users';
import { mailLine, type Mail } from '#infra/mailer';

/**
 * The mails that tell a registered participant about a chain (issue 26 §3), each in the
 * recipient's own language. The subject is Signet's words only; the file name and a decline or
 * withdrawal reason (someone's words) are quoted in the body and marked as theirs, as in the
 * invitation (decision 023).
 */

export type NoticeKind =
  'YOUR_TURN' | 'REMINDER' | 'COMPLETED' | 'DECLINED' | 'WITHDRAWN' | 'EXPIRED';

export interface NoticeMailInput {
  kind: NoticeKind;
  to: string;
  locale: Locale;
  /** The chain's file (or batch) name. */
  fileName: string;
  /** Who created the chain, as Signet knows them. */
  creatorName: string;
  /** Who declined or withdrew, for those kinds. */
  actorName?: string | null | undefined;
  /** The decline or withdrawal reason, when one was given. */
  reason?: string | null | undefined;
  /** The recipient approves rather than signs (YOUR_TURN, REMINDER). */
  isApprover?: boolean;
  dueAt?: Date | null | undefined;
  /** Where the chain is in the web app. */
  link: string;
  /** My profile, where the mail setting is. */
  profileLink: string;
}

/** A UTC time as people read it: `2026-12-01 17:00 UTC`. */
function utc(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

const english = {
  subject: {
    YOUR_TURN: (a: boolean) => `Signet: it is your turn to ${a ? 'approve' : 'sign'} a document`,
    REMINDER: (a: boolean) =>
      `Signet: reminder, a document waits for your ${a ? 'approval' : 'signature'}`,
    COMPLETED: () => 'Signet: a signature chain is completed',
    DECLINED: () => 'Signet: a signature chain was declined',
    WITHDRAWN: () => 'Signet: a signature chain was withdrawn',
    EXPIRED: () => 'Signet: a signature chain expired',
  },
  opening: (m: NoticeMailInput) => {
    const who = mailLine(m.creatorName);
    const actor = mailLine(m.actorName ?? '');
    const verb = m.isApprover ? 'approve' : 'sign';
    switch (m.kind) {
      case 'YOUR_TURN':
        return `${who} asked you to ${verb} a document with Signet, and it is your turn now.`;
      case 'REMINDER':
        return `${who} reminds you that a document waits for you to ${verb} it.`;
      case 'COMPLETED':
        return 'Every participant has signed: the chain is completed.';
      case 'DECLINED':
        return `${actor} declined to sign: the chain has failed.`;
      case 'WITHDRAWN':
        return `${actor} withdrew the chain: nobody needs to sign it any more.`;
      case 'EXPIRED':
        return 'The chain was not completed by its due date: it has expired.';
    }
  },
  file: 'File',
  reason: (name: string) => `${name}'s reason (their words, not Signet's):`,
  due: (at: Date) => `It is due by ${utc(at)}.`,
  open: 'Open it in Signet:',
  setting: (link: string) =>
    `You get this mail because of your mail setting in My profile: ${link}`,
};

const hungarian: typeof english = {
  subject: {
    YOUR_TURN: (a: boolean) =>
      `Signet: Önön a sor, ${a ? 'hagyja jóvá' : 'írja alá'} a dokumentumot`,
    REMINDER: (a: boolean) =>
      `Signet: emlékeztető, egy dokumentum az Ön ${a ? 'jóváhagyására' : 'aláírására'} vár`,
    COMPLETED: () => 'Signet: egy aláírási lánc elkészült',
    DECLINED: () => 'Signet: egy aláírási láncot elutasítottak',
    WITHDRAWN: () => 'Signet: egy aláírási láncot visszavontak',
    EXPIRED: () => 'Signet: egy aláírási lánc lejárt',
  },
  opening: (m: NoticeMailInput) => {
    const who = mailLine(m.creatorName);
    const actor = mailLine(m.actorName ?? '');
    const verb = m.isApprover ? 'jóváhagyását' : 'aláírását';
    switch (m.kind) {
      case 'YOUR_TURN':
        return `${who} a Signetben egy dokumentum ${verb} kérte Öntől, és most Önön a sor.`;
      case 'REMINDER':
        return `${who} emlékezteti, hogy egy dokumentum az Ön ${m.isApprover ? 'jóváhagyására' : 'aláírására'} vár.`;
      case 'COMPLETED':
        return 'Minden résztvevő aláírt: a lánc elkészült.';
      case 'DECLINED':
        return `${actor} elutasította az aláírást: a lánc sikertelen.`;
      case 'WITHDRAWN':
        return `${actor} visszavonta a láncot: már senkinek sem kell aláírnia.`;
      case 'EXPIRED':
        return 'A lánc nem készült el a határidőig: lejárt.';
    }
  },
  file: 'Fájl',
  reason: (name: string) => `${name} indoklása (az ő szavai, nem a Signeté):`,
  due: (at: Date) => `Határidő: ${utc(at)}.`,
  open: 'Nyissa meg a Signetben:',
  setting: (link: string) =>
    `Ezt a levelet a Profilom levelezési beállítása szerint kapja: ${link}`,
};

/** The notice mail for one recipient, all in their language. */
export function chainNoticeMail(input: NoticeMailInput): Mail {
  const words = input.locale === 'HU' ? hungarian : english;
  const isApprover = input.isApprover === true;
  const reason = input.reason?.trim();
  const isTurn = input.kind === 'YOUR_TURN' || input.kind === 'REMINDER';
  const lines = [
    words.opening(input),
    '',
    `  ${words.file}: “${mailLine(input.fileName)}”`,
    ...(reason
      ? ['', words.reason(mailLine(input.actorName ?? '')), `  “${mailLine(reason)}”`]
      : []),
    ...(isTurn && input.dueAt ? ['', words.due(input.dueAt)] : []),
    '',
    words.open,
    '',
    input.link,
    '',
    '---',
    words.setting(input.profileLink),
  ];
  return { to: input.to, subject: words.subject[input.kind](isApprover), text: lines.join('\n') };
}
