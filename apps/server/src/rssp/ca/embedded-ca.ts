import type { Config } from '#infra/config';
import type { Database } from '#infra/database';
import { createSigner, generateKey, encodeDistinguishedName, caAad } from '../keys';
import { type KeyRing, unwrapWithKek, wrapWithKek } from '#infra/keys';
import { findCertificateAuthority, insertCertificateAuthority, recordIssued } from '../records';
import { issueCertificate, toPem, X509_OID } from '@signet/der';
import { caKeySpec, embeddedCaKey, embeddedCaLocations, issuedRecord } from './embedded-ca-key';
import { adoptIssuedCertificates } from './issued-adoption';
import type { CertificateAuthority } from '../context';

/** The name every certificate of the embedded CA carries: it is not publicly trusted. */
export const embeddedCaName = 'Signet Embedded CA — not publicly trusted';

const dayMs = 86_400_000;

/**
 * The signing certificate's purpose, and why it needs one. NSS's libpkix leaves the error of its
 * last failed extension look-up behind even when a verification succeeds: the leaf's CRL
 * distribution point when it has none, else its extendedKeyUsage when it has none. Poppler 22.12
 * (Debian 12's pdfsig, Okular, Evince; later releases check the result) reads that error, so a
 * valid chain shows "Unknown issue with Certificate or corrupted data" whenever it verifies
 * without OCSP (pdfsig -no-ocsp). With both a CRL DP and an EKU nothing is left behind
 * (decision 037). emailProtection is the purpose NSS's signer usage and Acrobat accept for
 * signing documents; non-critical, as usual for personal signing certificates.
 */
const signingPurposes = { purposes: [X509_OID.emailProtection], critical: false } as const;

/** Validity of an end-entity certificate the CA issues. */
export const issuedValidityDays = 730;
const rootValidityDays = 20 * 365;

/** The embedded CA, which also certifies Signet's own time-stamping authority (tsa-keys.ts). */
export interface EmbeddedCa extends CertificateAuthority {
  mode: 'embedded';
  rootPem: string;
  /**
   * A time-stamping certificate for `spki` (digitalSignature + nonRepudiation, critical
   * extendedKeyUsage id-kp-timeStamping alone, RFC 3161 §2.3) valid until `notAfter`; the chain,
   * the TSA's certificate first.
   */
  issueTimeStamping(request: { subject: Buffer; spki: Buffer; notAfter: Date }): Promise<Buffer[]>;
}

/**
 * Loads the embedded CA, creating its root (EC P-384, self-signed, 20 years) and wrapped key on
 * first start. The CA key is unwrapped only for the moment of issuing. Certificates it issued
 * before issuance was recorded are recorded now (issued-adoption.ts).
 */
export async function loadEmbeddedCa(options: {
  database: Database;
  ring: KeyRing;
  config: Pick<Config, 'RSSP_API_URL' | 'publicUrl'>;
}): Promise<EmbeddedCa> {
  const { database, ring } = options;
  const revocation = embeddedCaLocations(options.config);
  let row = await findCertificateAuthority(database.db);
  if (!row) {
    const key = await generateKey(caKeySpec);
    const name = encodeDistinguishedName({ commonName: embeddedCaName, organization: 'Signet' });
    const now = new Date();
    const root = issueCertificate({
      subject: name,
      spki: key.spki,
      issuer: name,
      issuerSpki: key.spki,
      signer: createSigner(caKeySpec, key.pkcs8),
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(now.getTime() + rootValidityDays * dayMs),
      isCa: true,
    });
    row = await insertCertificateAuthority(database.db, {
      certificatePem: toPem('CERTIFICATE', root),
      wrappedKey: wrapWithKek(ring, key.pkcs8, caAad),
    });
    key.pkcs8.fill(0);
    if (!row) throw new Error('the embedded CA could not be stored');
  }
  // Fails at start, not at the first enrollment, when the KEK is not the one the CA was made with.
  unwrapWithKek(ring, row.wrappedKey, caAad).fill(0);
  const ca = embeddedCaKey(row, ring);
  await adoptIssuedCertificates(database.db, ca);
  /** Issues, signs and records a certificate of the CA (so its OCSP responder and CRL know it). */
  const issue = async (
    request: { subject: Buffer; spki: Buffer; notAfter: Date } & Pick<
      Parameters<typeof issueCertificate>[0],
      'email' | 'extendedKeyUsage'
    >,
  ): Promise<Buffer[]> => {
    const certificate = ca.withSigner((signer) =>
      issueCertificate({
        ...request,
        issuer: ca.root.subject,
        issuerSpki: ca.root.spki,
        signer,
        notBefore: new Date(Date.now() - 60_000),
        isCa: false,
        revocation,
      }),
    );
    await recordIssued(database.db, { issuerKeyHash: ca.keyHash, ...issuedRecord(certificate) });
    return [certificate, ca.rootDer];
  };
  return {
    mode: 'embedded',
    rootPem: row.certificatePem,
    async enroll({ subject, spki, email }) {
      const notAfter = new Date(Date.now() + issuedValidityDays * dayMs);
      return issue({
        subject,
        spki,
        notAfter,
        ...(email === null ? {} : { email }),
        extendedKeyUsage: signingPurposes,
      });
    },
    issueTimeStamping: ({ subject, spki, notAfter }) =>
      issue({
        subject,
        spki,
        notAfter,
        extendedKeyUsage: { purposes: [X509_OID.timeStamping], critical: true },
      }),
  };
}
