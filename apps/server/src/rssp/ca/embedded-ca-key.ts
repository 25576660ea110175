import { createHash } from 'node:crypto';
import {
  certificateParts,
  fromPem,
  parseCertificate,
  publicKeyBits,
  type CertificateParts,
  type X509Signer,
} from '@signet/der';
import type { Config } from '#infra/config';
import type { Db } from '#infra/database';
import { type KeyRing, unwrapWithKek } from '#infra/keys';
import { findCertificateAuthority } from '../records';
import { createSigner, type KeySpec, caAad } from '../keys';

export const caKeySpec: KeySpec = { keyAlg: 'ec', curve: 'secp384r1' };

/** The embedded CA's certificate and, for the moment of signing, its key. */
export interface EmbeddedCaKey {
  rootDer: Buffer;
  root: CertificateParts;
  /** SHA-1 of the root's public key bits (hex): how OCSP's CertID and the records name the CA. */
  keyHash: string;
  /** Runs `use` with a signer of the CA key, unwrapped for that call only and wiped after it. */
  withSigner<T>(use: (signer: X509Signer) => T): T;
}

export function embeddedCaKey(
  row: { certificatePem: string; wrappedKey: string },
  ring: KeyRing,
): EmbeddedCaKey {
  const [rootDer] = fromPem(row.certificatePem, 'CERTIFICATE');
  if (!rootDer) throw new Error('the embedded CA certificate is unreadable');
  const root = certificateParts(rootDer);
  return {
    rootDer,
    root,
    keyHash: createHash('sha1').update(publicKeyBits(root.spki)).digest('hex'),
    withSigner(use) {
      const pkcs8 = unwrapWithKek(ring, row.wrappedKey, caAad);
      try {
        return use(createSigner(caKeySpec, pkcs8));
      } finally {
        pkcs8.fill(0);
      }
    },
  };
}

/**
 * The embedded CA, read once it exists (its row never changes after creation); undefined while
 * there is none (CA_MODE=external from the start).
 */
export function embeddedCaReader(db: Db, ring: KeyRing): () => Promise<EmbeddedCaKey | undefined> {
  let found: EmbeddedCaKey | undefined;
  return async () => {
    if (found) return found;
    const row = await findCertificateAuthority(db);
    if (row) found = embeddedCaKey(row, ring);
    return found;
  };
}

/** How an issued certificate is recorded: its serial (hex, no leading zeros), hash and expiry. */
export function issuedRecord(der: Buffer): {
  serial: string;
  certificateSha256: string;
  notAfter: Date;
} {
  const certificate = parseCertificate(der);
  return {
    serial: certificate.serialNumber.toString(16),
    certificateSha256: createHash('sha256').update(der).digest('hex'),
    notAfter: certificate.notAfter,
  };
}

/**
 * Where the embedded CA's certificates send relying parties: its OCSP responder, its certificate
 * (DER) and its CRL, under the rSSP's public base URL (RSSP_API_URL, else PUBLIC_URL/rssp).
 */
export function embeddedCaLocations(config: Pick<Config, 'RSSP_API_URL' | 'publicUrl'>) {
  const base = `${(config.RSSP_API_URL ?? `${config.publicUrl}/rssp`).replace(/\/$/, '')}/v1/ca`;
  return {
    ocsp: `${base}/ocsp`,
    caIssuers: `${base}/certificate.cer`,
    crl: `${base}/crl`,
  };
}
