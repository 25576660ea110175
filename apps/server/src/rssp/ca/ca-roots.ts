import { fromPem } from '@signet/der';
import type { Db } from '#infra/database';
import { findCertificateAuthority } from '../records';

/**
 * The root certificates (DER) the rSSP's certificates chain to: the embedded CA's, none with an
 * external CA. Read on each call (one row), so nothing kept can go stale. The rDSS validates
 * signatures against them (`GET signatureChains/{id}/signatures`).
 */
export async function embeddedCaRoots(db: Db): Promise<Uint8Array[]> {
  const row = await findCertificateAuthority(db);
  return row ? fromPem(row.certificatePem, 'CERTIFICATE') : [];
}
