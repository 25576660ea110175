import type {
  TrailUpdate,
  ValidationReason,
  ValidationVerdict,
  SignatureValidation,
} from '@signet/contracts/validations';

/** The words of the validation report's PDF (decision 039) in one language. */
export interface ValidationLabels {
  title: string;
  file: string;
  kind: string;
  size: string;
  sha256: string;
  validatedAt: string;
  revisions: string;
  pages: string;
  overall: string;
  trustAnchors: string;
  /** What the online revocation check could not obtain. */
  missingRevocationData: string;
  signature: (index: number, name: string) => string;
  noSignatures: string;
  verdicts: Record<ValidationVerdict, string>;
  reasons: Record<ValidationReason, string>;
  signer: string;
  issuer: string;
  serial: string;
  validity: string;
  claimedTime: string;
  timestamp: string;
  notTimestamped: string;
  algorithm: string;
  integrity: string;
  intact: string;
  broken: string;
  trust: string;
  trusted: string;
  untrusted: string;
  revocation: string;
  revocationStatus: Record<SignatureValidation['revocation']['status'], string>;
  revocationSource: Record<SignatureValidation['revocation']['source'], string>;
  revokedAt: string;
  level: string;
  coverage: string;
  wholeDocument: string;
  notWholeDocument: string;
  laterUpdates: string;
  allowedUpdate: string;
  /** A later update that changed the signing trail (decision 056). */
  trailUpdates: Record<TrailUpdate, string>;
  attacks: string;
  none: string;
  /** No attack by name, but later updates changed the signing trail's pages. */
  noAttackPagesChanged: string;
  documentTimestamps: string;
  yes: string;
  no: string;
  more: (count: number) => string;
  footer: string;
}

const english: ValidationLabels = {
  title: 'Signature validation report',
  file: 'File',
  kind: 'Kind',
  size: 'Size (bytes)',
  sha256: 'SHA-256',
  validatedAt: 'Validated',
  revisions: 'Revisions',
  pages: 'Pages',
  overall: 'Overall result',
  trustAnchors: 'Trusted roots',
  missingRevocationData: 'Revocation data not obtained',
  signature: (index, name) => `Signature ${index}: ${name}`,
  noSignatures: 'The file holds no signature.',
  verdicts: { VALID: 'Valid', INVALID: 'Invalid', INDETERMINATE: 'Indeterminate' },
  reasons: {
    DIGEST_MISMATCH: 'The signed bytes were changed',
    SIGNATURE_INVALID: 'The signature value does not verify',
    FORMAT_FAILURE: 'Universal Signature Forgery (USF): the signature is unusable',
    SIGNATURE_WRAPPED: 'Signature Wrapping Attack (SWA): the signed ranges were moved',
    MODIFIED_AFTER_SIGNING: 'Incremental Saving Attack (ISA): changed after signing',
    SHADOW_ATTACK: 'Shadow attack: a later update changes what the pages show',
    CERTIFICATE_REVOKED: 'The certificate was revoked before the signature',
    CHAIN_NOT_TRUSTED: 'The certificate does not chain to a trusted root',
    CERTIFICATE_NOT_VALID_AT_SIGNING_TIME: 'The certificate was not valid at the signing time',
    CERTIFICATE_REVOKED_NO_POE:
      'The certificate is revoked and no time-stamp proves an earlier signature',
    REVOCATION_UNKNOWN: 'The revocation status could not be determined',
    TIMESTAMP_INVALID: 'The time-stamp does not verify',
    TIMESTAMP_NOT_TRUSTED: 'The time-stamping authority is not trusted',
    TRAIL_PAGES_CHANGED:
      "Later updates changed the signing trail's pages: the pages shown are not all the pages signed",
  },
  signer: 'Signer',
  issuer: 'Issuer',
  serial: 'Serial number',
  validity: 'Certificate valid',
  claimedTime: 'Signing time (claimed)',
  timestamp: 'Time-stamp',
  notTimestamped: 'none',
  algorithm: 'Algorithm',
  integrity: 'Integrity',
  intact: 'digest and signature verify',
  broken: 'does not verify',
  trust: 'Trust',
  trusted: 'trusted',
  untrusted: 'not trusted',
  revocation: 'Revocation',
  revocationStatus: {
    GOOD: 'not revoked',
    REVOKED: 'revoked',
    UNKNOWN: 'unknown',
    NOT_CHECKED: 'not checked',
  },
  revocationSource: { DSS: 'from the document (DSS)', ONLINE: 'online', NONE: 'no source' },
  revokedAt: 'revoked at',
  level: 'Level',
  coverage: 'Coverage',
  wholeDocument: 'the whole document',
  notWholeDocument: 'a revision; later updates follow',
  laterUpdates: 'Later updates',
  allowedUpdate: 'allowed (signatures and validation data only)',
  trailUpdates: {
    FILE_ATTACHED: 'a signature, and the signing trail attached to the document as a file',
    FILE_REPLACED:
      'a signature, and the signing trail attached to the document replaced by the one recording it (no page changed)',
    PAGES_ADDED:
      "the signing trail's pages added after this signature: its own revision shows the pages it covers",
    PAGES_REPLACED:
      "the signing trail's pages replaced by a later signature's: its own revision shows the pages it covers",
  },
  attacks: 'Attacks detected',
  none: 'none',
  noAttackPagesChanged: "none by name; pages changed after signing (the signing trail's)",
  documentTimestamps: 'Document time-stamps',
  yes: 'yes',
  no: 'no',
  more: (count) => `… and ${count} more (see the JSON report)`,
  footer: 'Signet validation report',
};

const hungarian: ValidationLabels = {
  title: 'Aláírás-ellenőrzési jelentés',
  file: 'Fájl',
  kind: 'Típus',
  size: 'Méret (bájt)',
  sha256: 'SHA-256',
  validatedAt: 'Ellenőrizve',
  revisions: 'Változatok',
  pages: 'Oldalak',
  overall: 'Összesített eredmény',
  trustAnchors: 'Megbízható gyökerek',
  missingRevocationData: 'Nem beszerezhető visszavonási adatok',
  signature: (index, name) => `${index}. aláírás: ${name}`,
  noSignatures: 'A fájlban nincs aláírás.',
  verdicts: { VALID: 'Érvényes', INVALID: 'Érvénytelen', INDETERMINATE: 'Nem eldönthető' },
  reasons: {
    DIGEST_MISMATCH: 'Az aláírt bájtok megváltoztak',
    SIGNATURE_INVALID: 'Az aláírás értéke nem ellenőrizhető',
    FORMAT_FAILURE: 'Univerzális aláírás-hamisítás (USF): az aláírás használhatatlan',
    SIGNATURE_WRAPPED: 'Aláírás-csomagolásos támadás (SWA): az aláírt tartományokat áthelyezték',
    MODIFIED_AFTER_SIGNING: 'Inkrementális mentéses támadás (ISA): aláírás után módosították',
    SHADOW_ATTACK: 'Árnyéktámadás: egy későbbi frissítés megváltoztatja az oldalak tartalmát',
    CERTIFICATE_REVOKED: 'A tanúsítványt az aláírás előtt visszavonták',
    CHAIN_NOT_TRUSTED: 'A tanúsítvány nem vezet megbízható gyökérhez',
    CERTIFICATE_NOT_VALID_AT_SIGNING_TIME: 'A tanúsítvány az aláírás idején nem volt érvényes',
    CERTIFICATE_REVOKED_NO_POE:
      'A tanúsítványt visszavonták, és nincs időbélyeg, amely korábbi aláírást igazolna',
    REVOCATION_UNKNOWN: 'A visszavonási állapot nem állapítható meg',
    TIMESTAMP_INVALID: 'Az időbélyeg nem ellenőrizhető',
    TIMESTAMP_NOT_TRUSTED: 'Az időbélyeg-szolgáltató nem megbízható',
    TRAIL_PAGES_CHANGED:
      'Későbbi frissítések megváltoztatták az aláírási napló oldalait: a látható oldalak nem mind az aláírtak',
  },
  signer: 'Aláíró',
  issuer: 'Kibocsátó',
  serial: 'Sorozatszám',
  validity: 'Tanúsítvány érvényes',
  claimedTime: 'Aláírás ideje (állított)',
  timestamp: 'Időbélyeg',
  notTimestamped: 'nincs',
  algorithm: 'Algoritmus',
  integrity: 'Sértetlenség',
  intact: 'a lenyomat és az aláírás ellenőrizhető',
  broken: 'nem ellenőrizhető',
  trust: 'Bizalom',
  trusted: 'megbízható',
  untrusted: 'nem megbízható',
  revocation: 'Visszavonás',
  revocationStatus: {
    GOOD: 'nincs visszavonva',
    REVOKED: 'visszavonva',
    UNKNOWN: 'ismeretlen',
    NOT_CHECKED: 'nem ellenőrzött',
  },
  revocationSource: { DSS: 'a dokumentumból (DSS)', ONLINE: 'online', NONE: 'nincs forrás' },
  revokedAt: 'visszavonva ekkor',
  level: 'Szint',
  coverage: 'Lefedettség',
  wholeDocument: 'a teljes dokumentum',
  notWholeDocument: 'egy változat; későbbi frissítések követik',
  laterUpdates: 'Későbbi frissítések',
  allowedUpdate: 'megengedett (csak aláírások és ellenőrzési adatok)',
  trailUpdates: {
    FILE_ATTACHED: 'egy aláírás, és a dokumentumhoz fájlként csatolt aláírási napló',
    FILE_REPLACED:
      'egy aláírás, és a dokumentumhoz csatolt aláírási naplót az azt rögzítő váltotta fel (oldal nem változott)',
    PAGES_ADDED:
      'az aláírási napló oldalai ezen aláírás után kerültek a dokumentumba: a saját változata mutatja az általa aláírt oldalakat',
    PAGES_REPLACED:
      'az aláírási napló oldalait egy későbbi aláírásé váltotta fel: a saját változata mutatja az általa aláírt oldalakat',
  },
  attacks: 'Észlelt támadások',
  none: 'nincs',
  noAttackPagesChanged: 'név szerint nincs; aláírás után oldalak változtak (az aláírási naplóé)',
  documentTimestamps: 'Dokumentum-időbélyegek',
  yes: 'igen',
  no: 'nem',
  more: (count) => `… és még ${count} (lásd a JSON-jelentést)`,
  footer: 'Signet ellenőrzési jelentés',
};

export function validationLabels(language: 'en' | 'hu'): ValidationLabels {
  return language === 'hu' ? hungarian : english;
}
