import type { Certificate } from '@signet/der';
import { verifySignature } from './verify-signature';

const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

export function isIssuedBy(certificate: Certificate, issuer: Certificate): boolean {
  return (
    same(certificate.issuer, issuer.subject) &&
    verifySignature({
      algorithm: certificate.signatureAlgorithm,
      data: certificate.tbs,
      signature: certificate.signature,
      spki: issuer.spki,
    })
  );
}

/**
 * Builds the path from `leaf` through the certificates in `pool` to one of `anchors`, verifying
 * every signature on the way. `trusted` is true when the path ends at an anchor.
 */
export function buildChain(
  leaf: Certificate,
  pool: Certificate[],
  anchors: Certificate[],
): { trusted: boolean; path: Certificate[] } {
  const path = [leaf];
  let current = leaf;
  for (let depth = 0; depth < 12; depth++) {
    if (anchors.some((anchor) => same(anchor.der, current.der))) return { trusted: true, path };
    const anchor = anchors.find((candidate) => isIssuedBy(current, candidate));
    if (anchor) {
      path.push(anchor);
      return { trusted: true, path };
    }
    const issuer = pool.find(
      (candidate) => !path.includes(candidate) && isIssuedBy(current, candidate),
    );
    if (!issuer) return { trusted: false, path };
    path.push(issuer);
    current = issuer;
  }
  return { trusted: false, path };
}
