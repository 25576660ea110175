import { X509_OID } from '@signet/der';
import type { Locale } from '@signet/contracts/users';

/** One certificate of the signer's chain as the README describes it. */
export interface ReadmeCertificate {
  subject: string;
  /** The OID of the algorithm its issuer signed it with. */
  signatureAlgorithm: string;
  selfSigned: boolean;
}

/** What the README of a quantum-safe demo zip says about its signature. */
export interface ReadmeFacts {
  pdfName: string;
  chainName: string;
  signer: string;
  signedAt: Date;
  /** The signer's certificate chain, the signer's first. */
  chain: ReadmeCertificate[];
  /** The time-stamping authority of the signature's time-stamp, when there is one. */
  tsa: string | null;
  /** Signet's own validator's verdict on the signed PDF before it was answered. */
  valid: boolean;
  trusted: boolean;
}

/** SLH-DSA-SHA2-128f (FIPS 205), as RFC 9814 names it in CMS and RFC 9909 in certificates. */
const algorithmName = 'SLH-DSA-SHA2-128f';
const algorithmOid = X509_OID.slhDsaSha2_128f;

const certificateAlgorithms: Record<string, string> = {
  [X509_OID.slhDsaSha2_128f]: algorithmName,
  [X509_OID.ecdsaWithSha256]: 'ECDSA (SHA-256)',
  [X509_OID.ecdsaWithSha384]: 'ECDSA (SHA-384)',
  [X509_OID.ecdsaWithSha512]: 'ECDSA (SHA-512)',
  [X509_OID.sha256WithRsa]: 'RSA (SHA-256)',
  [X509_OID.sha384WithRsa]: 'RSA (SHA-384)',
  [X509_OID.sha512WithRsa]: 'RSA (SHA-512)',
  [X509_OID.rsaPss]: 'RSA-PSS',
};
const algorithmOf = (oid: string) => certificateAlgorithms[oid] ?? oid;
const isPostQuantum = (certificate: ReadmeCertificate) =>
  certificate.signatureAlgorithm === algorithmOid;

/**
 * What the tools on a Debian 12 machine say about the signed PDF (poppler 22.12, OpenSSL 3.0),
 * quoted as they print it; quantum-demo.test.ts runs them on a demo's output and checks these.
 */
export const toolMessages = {
  pdfsig: "Signature Validation: Document isn't signed or corrupted data.",
  opensslX509: 'Unable to load Public Key',
  opensslCms: 'CMS Verification failure',
} as const;

const yesNo = { EN: ['yes', 'no'], HU: ['igen', 'nem'] } as const;

/**
 * The short text in the user's language on what the zip holds, what in it is post-quantum and
 * what is not (each certificate's algorithm, the time-stamps), what common tools say about it
 * (quoted), and how to check the signature without Signet.
 */
export function quantumDemoReadme(locale: Locale, facts: ReadmeFacts): string {
  const [yes, no] = yesNo[locale];
  const when = facts.signedAt.toISOString();
  const chainIsPostQuantum = facts.chain.length > 0 && facts.chain.every(isPostQuantum);
  const tsa = facts.tsa ?? '—';
  if (locale === 'HU') {
    const chainLines = facts.chain.map((c) =>
      c.selfSigned
        ? `   - ${c.subject}: önaláírt, ${algorithmOf(c.signatureAlgorithm)} algoritmussal`
        : `   - ${c.subject}: kiadója ${algorithmOf(c.signatureAlgorithm)} algoritmussal írta alá`,
    );
    return [
      'Signet – kvantumbiztos aláírás (demó)',
      '',
      `${facts.pdfName}: a PDF PAdES aláírással (ETSI.CAdES.detached), amelyet ${facts.signer}`,
      `írt alá ${when}-kor ${algorithmName} algoritmussal (FIPS 205, OID ${algorithmOid}).`,
      'Az SLH-DSA hash-alapú aláírás: kvantumszámítógéppel sem hamisítható.',
      `${facts.chainName}: az aláíró tanúsítványlánca (PEM), az aláíróé elöl, a gyökér a végén:`,
      ...chainLines,
      `A teljes lánc kvantumbiztos: ${chainIsPostQuantum ? yes : no}.`,
      `Nem kvantumbiztos: az aláírás és a dokumentum időbélyege (${tsa}). Az időbélyeg-`,
      '   szolgáltatók ma klasszikus algoritmussal írnak alá (a Signeté ECDSA P-256-tal); az',
      '   időbélyeg az aláírás idejét igazolja.',
      '',
      `A Signet ellenőrzője szerint az aláírás érvényes: ${facts.valid ? yes : no};`,
      `a lánc a Signet egyik tanúsítványkiadójához vezet: ${facts.trusted ? yes : no}.`,
      '',
      'Ellenőrzés:',
      '1. A Signet ellenőrző oldalán (Ellenőrzés) töltse fel a PDF-et.',
      '2. A legtöbb PDF-eszköz még nem ismeri az SLH-DSA-t, ezért ezt az aláírást nem tudja',
      '   ellenőrizni, és olvashatatlannak mondja (nem hamisnak, de érvényesnek sem):',
      `   - pdfsig (poppler 22.12): "${toolMessages.pdfsig}"`,
      `   - OpenSSL 3.0: az "openssl x509 -text" kiírja a tanúsítványokat, de a kulcsukra ezt`,
      `     mondja: "${toolMessages.opensslX509}"; az alábbi "openssl cms -verify" pedig:`,
      `     "${toolMessages.opensslCms}".`,
      '3. Kézzel: az aláírás a PDF /Contents értékében lévő CMS (DER), amely a /ByteRange két',
      '   szakaszának összefűzött bájtjait írja alá. Olyan eszközzel ellenőrizhető, amely a',
      '   CMS-ben és a tanúsítványokban is ismeri az SLH-DSA-t (az OpenSSL a 3.5-ös változattól',
      '   ismeri az SLH-DSA-t; a Signet ezt a fájlt ilyennel nem próbálta ki):',
      `   openssl cms -verify -binary -inform DER -in aláírás.p7s -content aláírt-bájtok.bin \\`,
      `     -CAfile ${facts.chainName} -purpose any`,
      '',
    ].join('\r\n');
  }
  const chainLines = facts.chain.map((c) =>
    c.selfSigned
      ? `   - ${c.subject}: self-signed with ${algorithmOf(c.signatureAlgorithm)}`
      : `   - ${c.subject}: signed by its issuer with ${algorithmOf(c.signatureAlgorithm)}`,
  );
  return [
    'Signet – quantum-safe signature (demo)',
    '',
    `${facts.pdfName}: the PDF with a PAdES signature (ETSI.CAdES.detached) made by ${facts.signer}`,
    `at ${when} with ${algorithmName} (FIPS 205, OID ${algorithmOid}).`,
    'SLH-DSA is a hash-based signature: a quantum computer cannot forge it either.',
    `${facts.chainName}: the signer's certificate chain (PEM), the signer's first, the root last:`,
    ...chainLines,
    `The whole chain is post-quantum: ${chainIsPostQuantum ? yes : no}.`,
    `Not post-quantum: the time-stamps on the signature and on the document (${tsa}).`,
    "   Time-stamping authorities sign with classical algorithms today (Signet's with ECDSA",
    '   P-256); a time-stamp proves when the signature was made.',
    '',
    `Signet's validator found the signature valid: ${facts.valid ? yes : no};`,
    `its chain leads to one of Signet's certificate authorities: ${facts.trusted ? yes : no}.`,
    '',
    'How to verify it:',
    "1. Upload the PDF on Signet's validation page (Validate).",
    '2. Most PDF tools do not know SLH-DSA yet: they cannot check this signature and call it',
    '   unreadable (neither forged nor valid):',
    `   - pdfsig (poppler 22.12): "${toolMessages.pdfsig}"`,
    '   - OpenSSL 3.0: "openssl x509 -text" prints the certificates but says of their keys',
    `     "${toolMessages.opensslX509}"; the "openssl cms -verify" below says`,
    `     "${toolMessages.opensslCms}".`,
    "3. By hand: the signature is the CMS (DER) in the PDF's /Contents, over the bytes of the two",
    '   /ByteRange sections joined. Check it with a tool that knows SLH-DSA in CMS and in',
    '   certificates (OpenSSL knows SLH-DSA from 3.5 on; Signet has not tried this file with one):',
    `   openssl cms -verify -binary -inform DER -in signature.p7s -content signed-bytes.bin \\`,
    `     -CAfile ${facts.chainName} -purpose any`,
    '',
  ].join('\r\n');
}
