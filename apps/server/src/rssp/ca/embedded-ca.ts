import type { Config } from '#infra/config';
import type { Database } from '#infra/database';
import { createSigner, generateKey, encodeDistinguishedName, caAad, spkiAlgorithm } from '../keys';
import { type KeyRing, unwrapWithKek, wrapWithKek } from '#infra/keys';
import {
  findCertificateAuthority,
  insertCertificateAuthority,
  recordIssued,
  type CaId,
} from '../records';
import { issueCertificate, toPem, X509_OID } from '@signet/der';
import {
  caKeySpecs,
  embeddedCaKey,
  embeddedCaLocations,
  issuedRecord,
  type EmbeddedCaKey,
} from './embedded-ca-key';
import { adoptIssuedCertificates } from './issued-adoption';
import type { CertificateAuthority } from '../context';

/** The name every certificate of the embedded CA carries: it is not publicly trusted. */
export const embeddedCaName = 'Signet Embedded CA — not publicly trusted';
/** The post-quantum root's name (decision 057): SLH-DSA keys are certified by it. */
export const postQuantumCaName = 'Signet Post-Quantum CA (SLH-DSA) — not publicly trusted';
const caNames: Record<CaId, string> = {
  embedded: embeddedCaName,
  'post-quantum': postQuantumCaName,
};

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
 * An embedded CA's row, its root (self-signed, 20 years) and wrapped key made and stored when
 * there is none yet; the instance that stores it first wins, the others read its row.
 */
async function caRow(database: Database, ring: KeyRing, id: CaId) {
  const row = await findCertificateAuthority(database.db, id);
  if (row) return row;
  const spec = caKeySpecs[id];
  const key = await generateKey(spec);
  try {
    const name = encodeDistinguishedName({ commonName: caNames[id], organization: 'Signet' });
    const now = new Date();
    const root = issueCertificate({
      subject: name,
      spki: key.spki,
      issuer: name,
      issuerSpki: key.spki,
      signer: createSigner(spec, key.pkcs8),
      notBefore: new Date(now.getTime() - 60_000),
      notAfter: new Date(now.getTime() + rootValidityDays * dayMs),
      isCa: true,
    });
    const stored = await insertCertificateAuthority(
      database.db,
      {
        certificatePem: toPem('CERTIFICATE', root),
        wrappedKey: wrapWithKek(ring, key.pkcs8, caAad(id)),
      },
      id,
    );
    if (!stored) throw new Error(`the ${id} CA could not be stored`);
    return stored;
  } finally {
    key.pkcs8.fill(0);
  }
}

type IssueRequest = { subject: Buffer; spki: Buffer; notAfter: Date } & Pick<
  Parameters<typeof issueCertificate>[0],
  'email' | 'extendedKeyUsage'
>;

/**
 * Loads the embedded CA, creating its root (EC P-384) and wrapped key on first start. SLH-DSA
 * keys are certified by its post-quantum sibling (an SLH-DSA root, made on the first such
 * enrollment), so a quantum-safe signature's whole chain is post-quantum (decision 057). A CA key
 * is unwrapped only for the moment of issuing. Certificates the CA issued before issuance was
 * recorded are recorded now (issued-adoption.ts).
 */
export async function loadEmbeddedCa(options: {
  database: Database;
  ring: KeyRing;
  config: Pick<Config, 'RSSP_API_URL' | 'publicUrl'>;
}): Promise<EmbeddedCa> {
  const { database, ring, config } = options;
  const row = await caRow(database, ring, 'embedded');
  // Fails at start, not at the first enrollment, when the KEK is not the one a CA was made with.
  unwrapWithKek(ring, row.wrappedKey, caAad('embedded')).fill(0);
  const pqRow = await findCertificateAuthority(database.db, 'post-quantum');
  if (pqRow) unwrapWithKek(ring, pqRow.wrappedKey, caAad('post-quantum')).fill(0);
  const ca = embeddedCaKey(row, ring);
  await adoptIssuedCertificates(database.db, ca);
  let postQuantum: Promise<EmbeddedCaKey> | undefined;
  const postQuantumCa = () => {
    postQuantum ??= caRow(database, ring, 'post-quantum').then(
      (pq) => embeddedCaKey(pq, ring),
      (error: unknown) => {
        // A failed creation is tried again by the next enrollment.
        postQuantum = undefined;
        throw error;
      },
    );
    return postQuantum;
  };
  /** Issues, signs and records a certificate of `issuer` (so its OCSP responder and CRL know it). */
  const issue = async (issuer: EmbeddedCaKey, request: IssueRequest): Promise<Buffer[]> => {
    const certificate = issuer.withSigner((signer) =>
      issueCertificate({
        ...request,
        issuer: issuer.root.subject,
        issuerSpki: issuer.root.spki,
        signer,
        notBefore: new Date(Date.now() - 60_000),
        isCa: false,
        revocation: embeddedCaLocations(config, issuer.id),
      }),
    );
    await recordIssued(database.db, {
      issuerKeyHash: issuer.keyHash,
      ...issuedRecord(certificate),
    });
    return [certificate, issuer.rootDer];
  };
  return {
    mode: 'embedded',
    rootPem: row.certificatePem,
    async enroll({ subject, spki, email }) {
      const notAfter = new Date(Date.now() + issuedValidityDays * dayMs);
      const issuer = spkiAlgorithm(spki) === X509_OID.slhDsaSha2_128f ? await postQuantumCa() : ca;
      return issue(issuer, {
        subject,
        spki,
        notAfter,
        ...(email === null ? {} : { email }),
        extendedKeyUsage: signingPurposes,
      });
    },
    issueTimeStamping: ({ subject, spki, notAfter }) =>
      issue(ca, {
        subject,
        spki,
        notAfter,
        extendedKeyUsage: { purposes: [X509_OID.timeStamping], critical: true },
      }),
  };
}
