import type { Database } from '#infra/database';
import { AppError } from '#infra/app-error';
import { createSigner, generateKey, type KeySpec } from './key-algorithms';
import type { KeyRing } from '#infra/kek';
import { unwrapWithKek, wrapWithKek } from '#infra/key-wrap';
import { findCertificateAuthority, insertCertificateAuthority } from './credential-store';
import { certificateParts, fromPem, issueCertificate, toPem } from '@signet/der';
import { encodeDistinguishedName } from './distinguished-name';
import { caAad } from './wrap-aad';

/** The name every certificate of the embedded CA carries: it is not publicly trusted. */
export const embeddedCaName = 'Signet Embedded CA — not publicly trusted';

const caKeySpec: KeySpec = { keyAlg: 'ec', curve: 'secp384r1' };
const dayMs = 86_400_000;
/** Validity of an end-entity certificate the CA issues. */
export const issuedValidityDays = 730;
const rootValidityDays = 20 * 365;

/** Issues end-entity certificates for CMP enrollment. */
export interface CertificateAuthority {
  mode: 'embedded' | 'external';
  /** The root certificate (PEM), null for an external CA not configured here. */
  rootPem: string | null;
  /**
   * Issues a signing certificate (digitalSignature + nonRepudiation, two years) naming `email`,
   * the owner's confirmed account address, as subjectAltName; none while it is unconfirmed.
   */
  issue(options: { subject: Buffer; spki: Buffer; email: string | null }): Promise<Buffer>;
}

/**
 * Loads the embedded CA, creating its root (EC P-384, self-signed, 20 years) and wrapped key on
 * first start. The CA key is unwrapped only for the moment of issuing.
 */
export async function loadEmbeddedCa(options: {
  database: Database;
  ring: KeyRing;
}): Promise<CertificateAuthority> {
  const { database, ring } = options;
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
  const { certificatePem, wrappedKey } = row;
  const [rootDer] = fromPem(certificatePem, 'CERTIFICATE');
  if (!rootDer) throw new Error('the embedded CA certificate is unreadable');
  const root = certificateParts(rootDer);
  // Fails at start, not at the first enrollment, when the KEK is not the one the CA was made with.
  unwrapWithKek(ring, wrappedKey, caAad).fill(0);
  return {
    mode: 'embedded',
    rootPem: certificatePem,
    async issue({ subject, spki, email }) {
      const pkcs8 = unwrapWithKek(ring, wrappedKey, caAad);
      try {
        const now = new Date();
        return issueCertificate({
          subject,
          spki,
          issuer: root.subject,
          issuerSpki: root.spki,
          signer: createSigner(caKeySpec, pkcs8),
          notBefore: new Date(now.getTime() - 60_000),
          notAfter: new Date(now.getTime() + issuedValidityDays * dayMs),
          isCa: false,
          ...(email === null ? {} : { email }),
        });
      } finally {
        pkcs8.fill(0);
      }
    },
  };
}

/** CA_MODE=external: CMP enrollment needs a client for the organisation's CA (not built yet). */
export function externalCa(): CertificateAuthority {
  return {
    mode: 'external',
    rootPem: null,
    async issue() {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'CMP enrollment with an external certificate authority is not configured',
      );
    },
  };
}
