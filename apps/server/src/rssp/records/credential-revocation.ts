import { createHash } from 'node:crypto';
import { CRL_REASON, fromPem } from '@signet/der';
import type { Tx } from '#infra/database';
import { revokeByHash } from './revocation-store';

/**
 * Revokes the end-entity certificates of credentials that are going away, in the caller's
 * transaction (cessationOfOperation: the key is destroyed, nothing was compromised). Only what the
 * embedded CA recorded as issued is revoked, matched by the certificate's hash; an external CA's
 * certificates are its own business (decision 037).
 */
export async function revokeCredentialCertificates(
  tx: Tx,
  certChains: (string[] | null)[],
  at = new Date(),
): Promise<number> {
  const hashes = certChains.flatMap((chain) => {
    const [der] = chain?.[0] ? fromPem(chain[0], 'CERTIFICATE') : [];
    return der ? [createHash('sha256').update(der).digest('hex')] : [];
  });
  return revokeByHash(tx, hashes, CRL_REASON.cessationOfOperation, at);
}
