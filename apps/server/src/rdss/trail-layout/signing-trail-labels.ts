import type { ChainHistoryKind } from '@signet/contracts/chain-history';
import type { ChainType } from '@signet/contracts/chain-rules';

/** The words of a signing trail (documents §2, issue 26) in one language. */
export interface SigningTrailLabels {
  title: string;
  document: string;
  uploadSha256: string;
  chain: string;
  chainType: string;
  chainTypes: Record<ChainType, string>;
  creator: string;
  generated: string;
  events: string;
  noEvents: string;
  kinds: Record<ChainHistoryKind, string>;
  name: string;
  email: string;
  subsignerName: string;
  certificateSubject: string;
  certificateSerial: string;
  certificateIssuer: string;
  page: string;
  clientAddress: string;
  reason: string;
  eventDocument: string;
  /** The line after the last event when the page budget cut the list short. */
  moreEvents: (count: number) => string;
  footer: string;
}

const english: SigningTrailLabels = {
  title: 'Signing trail',
  document: 'Document',
  uploadSha256: 'SHA-256 of the upload',
  chain: 'Signature chain',
  chainType: 'Type',
  chainTypes: { ORDERED: 'Ordered (one after the other)', UNORDERED: 'Unordered (in any order)' },
  creator: 'Created by',
  generated: 'Generated',
  events: 'Events (times in UTC)',
  noEvents: 'No events recorded.',
  kinds: {
    CREATED: 'Created',
    INVITED: 'Invited',
    OPENED: 'First opened',
    SIGNED: 'Signed',
    APPROVED: 'Approved',
    DECLINED: 'Declined',
    WITHDRAWN: 'Withdrawn',
    COMPLETED: 'Completed',
    EXPIRED: 'Expired',
    REMINDED: 'Reminded',
  },
  name: 'Name',
  email: 'Address',
  subsignerName: 'Signing for (client)',
  certificateSubject: 'Certificate subject',
  certificateSerial: 'Certificate serial',
  certificateIssuer: 'Certificate issuer',
  page: 'Page of the visible signature',
  clientAddress: 'Client address',
  reason: 'Reason',
  eventDocument: 'Document',
  moreEvents: (count) => `… and ${count} more events: see the chain's history in Signet.`,
  footer: 'Signet signing trail',
};

const hungarian: SigningTrailLabels = {
  title: 'Aláírási napló',
  document: 'Dokumentum',
  uploadSha256: 'A feltöltött fájl SHA-256 lenyomata',
  chain: 'Aláírási lánc',
  chainType: 'Típus',
  chainTypes: { ORDERED: 'Sorrendi (egymás után)', UNORDERED: 'Tetszőleges sorrendű' },
  creator: 'Létrehozó',
  generated: 'Készült',
  events: 'Események (UTC szerinti időpontok)',
  noEvents: 'Nincs rögzített esemény.',
  kinds: {
    CREATED: 'Létrehozva',
    INVITED: 'Meghívva',
    OPENED: 'Először megnyitotta',
    SIGNED: 'Aláírta',
    APPROVED: 'Jóváhagyta',
    DECLINED: 'Elutasította',
    WITHDRAWN: 'Visszavonva',
    COMPLETED: 'Befejeződött',
    EXPIRED: 'Lejárt',
    REMINDED: 'Emlékeztető elküldve',
  },
  name: 'Név',
  email: 'E-mail-cím',
  subsignerName: 'Ügyfél (akinek nevében aláírt)',
  certificateSubject: 'Tanúsítvány alanya',
  certificateSerial: 'Tanúsítvány sorozatszáma',
  certificateIssuer: 'Tanúsítvány kibocsátója',
  page: 'A látható aláírás oldala',
  clientAddress: 'Kliens címe',
  reason: 'Indoklás',
  eventDocument: 'Dokumentum',
  moreEvents: (count) => `… és még ${count} esemény: lásd a lánc előzményeit a Signetben.`,
  footer: 'Signet aláírási napló',
};

export function signingTrailLabels(language: 'en' | 'hu'): SigningTrailLabels {
  return language === 'hu' ? hungarian : english;
}
