import { fromPem } from '@signet/der';
import type { Db } from '#infra/database';
import { listCertificateAuthorities } from '../records';

/**
 * The root certificates (DER) the rSSP's certificates chain to: the embedded CA's and, once it
 * certified an SLH-DSA key, its post-quantum sibling's; none with an external CA. Read on each
 * call (two rows at most), so nothing kept can go stale. The rDSS validates signatures against
 * them (`GET signatureChains/{id}/signatures`, the validation page, the quantum-safe demo).
 */
export async function embeddedCaRoots(db: Db): Promise<Uint8Array[]> {
  const rows = await listCertificateAuthorities(db);
  return rows.flatMap((row) => fromPem(row.certificatePem, 'CERTIFICATE'));
}
