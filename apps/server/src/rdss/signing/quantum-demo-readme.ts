import type { Locale } from '@signet/contracts/users';

/** What the README of a quantum-safe demo zip says about its signature. */
export interface ReadmeFacts {
  pdfName: string;
  chainName: string;
  signer: string;
  signedAt: Date;
  /** Signet's own validator's verdict on the signed PDF before it was answered. */
  valid: boolean;
  trusted: boolean;
}

/** SLH-DSA-SHA2-128f (FIPS 205), as RFC 9814 names it in CMS and RFC 9909 in certificates. */
const algorithmName = 'SLH-DSA-SHA2-128f';
const algorithmOid = '2.16.840.1.101.3.4.3.21';

const yesNo = { EN: ['yes', 'no'], HU: ['igen', 'nem'] } as const;

/**
 * The short text in the user's language on what the zip holds and how to check the signature
 * without Signet: the PDF signature's byte ranges, the CMS in /Contents, and a tool that knows
 * SLH-DSA (OpenSSL 3.5 or later; earlier ones do not).
 */
export function quantumDemoReadme(locale: Locale, facts: ReadmeFacts): string {
  const [yes, no] = yesNo[locale];
  const when = facts.signedAt.toISOString();
  if (locale === 'HU') {
    return [
      'Signet – kvantumbiztos aláírás (demó)',
      '',
      `${facts.pdfName}: a PDF PAdES aláírással (ETSI.CAdES.detached), amelyet ${facts.signer}`,
      `írt alá ${when}-kor ${algorithmName} algoritmussal (FIPS 205, OID ${algorithmOid}).`,
      'Az SLH-DSA hash-alapú aláírás: kvantumszámítógéppel sem hamisítható.',
      `${facts.chainName}: az aláíró tanúsítványlánca (PEM), az aláíróé elöl, a gyökér a végén.`,
      '',
      `A Signet ellenőrzője szerint az aláírás érvényes: ${facts.valid ? yes : no};`,
      `a lánc a Signet tanúsítványkiadójához vezet: ${facts.trusted ? yes : no}.`,
      '',
      'Ellenőrzés:',
      '1. A Signet ellenőrző oldalán (Ellenőrzés) töltse fel a PDF-et.',
      '2. Vagy kézzel: az aláírás a PDF /Contents értékében lévő CMS (DER), amely a /ByteRange',
      '   két szakaszának összefűzött bájtjait írja alá. Az SLH-DSA-t ismerő eszközzel,',
      '   például OpenSSL 3.5 vagy újabb:',
      `   openssl cms -verify -binary -inform DER -in aláírás.p7s -content aláírt-bájtok.bin \\`,
      `     -CAfile ${facts.chainName} -purpose any`,
      '   A régebbi PDF-olvasók és az OpenSSL 3.5 előtti változatok még nem ismerik az',
      '   SLH-DSA-t: ezek ismeretlen algoritmust jeleznek, nem hamis aláírást.',
      '',
    ].join('\r\n');
  }
  return [
    'Signet – quantum-safe signature (demo)',
    '',
    `${facts.pdfName}: the PDF with a PAdES signature (ETSI.CAdES.detached) made by ${facts.signer}`,
    `at ${when} with ${algorithmName} (FIPS 205, OID ${algorithmOid}).`,
    'SLH-DSA is a hash-based signature: a quantum computer cannot forge it either.',
    `${facts.chainName}: the signer's certificate chain (PEM), the signer's first, the root last.`,
    '',
    `Signet's validator found the signature valid: ${facts.valid ? yes : no};`,
    `its chain leads to Signet's certificate authority: ${facts.trusted ? yes : no}.`,
    '',
    'How to verify it:',
    "1. Upload the PDF on Signet's validation page (Validate).",
    "2. Or by hand: the signature is the CMS (DER) in the PDF's /Contents, over the bytes of the",
    '   two /ByteRange sections joined. With a tool that knows SLH-DSA, such as OpenSSL 3.5 or',
    '   later:',
    `   openssl cms -verify -binary -inform DER -in signature.p7s -content signed-bytes.bin \\`,
    `     -CAfile ${facts.chainName} -purpose any`,
    '   Older PDF readers and OpenSSL before 3.5 do not know SLH-DSA yet: they report an unknown',
    '   algorithm, not a forged signature.',
    '',
  ].join('\r\n');
}
