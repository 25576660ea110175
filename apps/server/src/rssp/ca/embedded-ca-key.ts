import { createHash } from 'node:crypto';
import {
  certificateParts,
  fromPem,
  parseCertificate,
  publicKeyBits,
  type CertificateParts,
  type RevocationLocations,
  type X509Signer,
} from '@signet/der';
import type { Config } from '#infra/config';
import type { Db } from '#infra/database';
import { type KeyRing, unwrapWithKek } from '#infra/keys';
import { findCertificateAuthority, type CaId } from '../records';
import { createSigner, type KeySpec, caAad } from '../keys';

/**
 * Each embedded CA's key: the classical root's EC P-384; the post-quantum root's SLH-DSA (the
 * one parameter set Signet's keys, validator and CMS know), whose signatures are about 17 KB and
 * take about half a second (decision 057).
 */
export const caKeySpecs: Record<CaId, KeySpec> = {
  embedded: { keyAlg: 'ec', curve: 'secp384r1' },
  'post-quantum': { keyAlg: 'sphincs+', parameterSet: 'sphincs-sha2-128f' },
};

/** An embedded CA's certificate and, for the moment of signing, its key. */
export interface EmbeddedCaKey {
  id: CaId;
  rootDer: Buffer;
  root: CertificateParts;
  /** SHA-1 of the root's public key bits (hex): how OCSP's CertID and the records name the CA. */
  keyHash: string;
  /** Runs `use` with a signer of the CA key, unwrapped for that call only and wiped after it. */
  withSigner<T>(use: (signer: X509Signer) => T): T;
}

export function embeddedCaKey(
  row: { id: CaId; certificatePem: string; wrappedKey: string },
  ring: KeyRing,
): EmbeddedCaKey {
  const [rootDer] = fromPem(row.certificatePem, 'CERTIFICATE');
  if (!rootDer) throw new Error('the embedded CA certificate is unreadable');
  const root = certificateParts(rootDer);
  return {
    id: row.id,
    rootDer,
    root,
    keyHash: createHash('sha1').update(publicKeyBits(root.spki)).digest('hex'),
    withSigner(use) {
      const pkcs8 = unwrapWithKek(ring, row.wrappedKey, caAad(row.id));
      try {
        return use(createSigner(caKeySpecs[row.id], pkcs8));
      } finally {
        pkcs8.fill(0);
      }
    },
  };
}

/**
 * An embedded CA, read once it exists (its row never changes after creation); undefined while
 * there is none (CA_MODE=external from the start; the post-quantum one before its first SLH-DSA
 * certificate).
 */
export function embeddedCaReader(
  db: Db,
  ring: KeyRing,
  id: CaId = 'embedded',
): () => Promise<EmbeddedCaKey | undefined> {
  let found: EmbeddedCaKey | undefined;
  return async () => {
    if (found) return found;
    const row = await findCertificateAuthority(db, id);
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
 * Where an embedded CA's certificates send relying parties, under the rSSP's public base URL
 * (RSSP_API_URL, else PUBLIC_URL/rssp): the classical CA's OCSP responder, certificate (DER) and
 * CRL; the post-quantum CA's certificate and CRL under `ca/pq`, and no OCSP responder: each of its
 * answers would cost half a second of SLH-DSA signing to anyone who asks, while its CRL is
 * signed only daily and on a revocation (decision 057).
 */
export function embeddedCaLocations(
  config: Pick<Config, 'RSSP_API_URL' | 'publicUrl'>,
  id: CaId = 'embedded',
): RevocationLocations {
  const base = `${(config.RSSP_API_URL ?? `${config.publicUrl}/rssp`).replace(/\/$/, '')}/v1/ca`;
  if (id === 'post-quantum')
    return { caIssuers: `${base}/pq/certificate.cer`, crl: `${base}/pq/crl` };
  return {
    ocsp: `${base}/ocsp`,
    caIssuers: `${base}/certificate.cer`,
    crl: `${base}/crl`,
  };
}
