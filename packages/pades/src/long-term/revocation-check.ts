import {
  readCrl,
  readOcspResponse,
  type Certificate,
  type Crl,
  type OcspResponse,
} from '@signet/der';

export type RevocationStatus = 'GOOD' | 'REVOKED' | 'UNKNOWN';

const STATUS: Record<'good' | 'revoked' | 'unknown', RevocationStatus> = {
  good: 'GOOD',
  revoked: 'REVOKED',
  unknown: 'UNKNOWN',
};

export type RevocationSource = 'DSS' | 'ONLINE';

/** Revocation data read once, each item with where it came from. */
export interface RevocationPool {
  ocsps: { response: OcspResponse; source: RevocationSource }[];
  crls: { crl: Crl; source: RevocationSource }[];
}

export interface RevocationAnswer {
  status: RevocationStatus;
  source: RevocationSource;
  kind: 'OCSP' | 'CRL';
  revokedAt?: Date;
  /** When the OCSP response was produced or the CRL issued. */
  producedAt: Date;
}

/** Parses what can be parsed; an unreadable item is skipped (it proves nothing). */
export function revocationPool(
  items: { ocsps: Uint8Array[]; crls: Uint8Array[] },
  source: RevocationSource,
): RevocationPool {
  const pool: RevocationPool = { ocsps: [], crls: [] };
  for (const der of items.ocsps) {
    try {
      pool.ocsps.push({ response: readOcspResponse(der), source });
    } catch {
      // not an OCSP response we can read
    }
  }
  for (const der of items.crls) {
    try {
      pool.crls.push({ crl: readCrl(der), source });
    } catch {
      // not a CRL we can read
    }
  }
  return pool;
}

export function mergePools(...pools: RevocationPool[]): RevocationPool {
  return {
    ocsps: pools.flatMap((p) => p.ocsps),
    crls: pools.flatMap((p) => p.crls),
  };
}

/**
 * What the pool says about `certificate` (issued by `issuer`), from data whose signature verifies
 * against the issuer (`@signet/der`'s readers check the issuer or its delegated OCSP responder): a revocation wins
 * (the earliest date), else the newest OCSP answer (online before DSS within the same second),
 * else the newest CRL. Undefined when nothing in the pool speaks about it.
 */
export function revocationOf(
  certificate: Certificate,
  issuer: Certificate,
  pool: RevocationPool,
): RevocationAnswer | undefined {
  const answers: RevocationAnswer[] = [];
  for (const { response, source } of pool.ocsps) {
    const single = response.responseFor(certificate.der, issuer.der);
    if (!single || !response.verify(issuer.der)) continue;
    answers.push({
      status: STATUS[single.status],
      source,
      kind: 'OCSP',
      producedAt: response.producedAt,
      ...(single.revokedAt ? { revokedAt: single.revokedAt } : {}),
    });
  }
  for (const { crl, source } of pool.crls) {
    if (!crl.verify(issuer.der)) continue;
    const entry = crl.entryFor(certificate.serialNumber);
    answers.push({
      status: entry ? 'REVOKED' : 'GOOD',
      source,
      kind: 'CRL',
      producedAt: crl.thisUpdate,
      ...(entry ? { revokedAt: entry.revokedAt } : {}),
    });
  }
  const revoked = answers
    .filter((a) => a.status === 'REVOKED')
    .sort((a, b) => (a.revokedAt?.getTime() ?? 0) - (b.revokedAt?.getTime() ?? 0));
  if (revoked[0]) return revoked[0];
  const newest = (kind: 'OCSP' | 'CRL') =>
    answers
      .filter((a) => a.kind === kind && a.status === 'GOOD')
      .sort(
        (a, b) =>
          b.producedAt.getTime() - a.producedAt.getTime() ||
          // Times have one-second resolution: within the same second, what was just asked wins.
          Number(b.source === 'ONLINE') - Number(a.source === 'ONLINE'),
      )[0];
  return newest('OCSP') ?? newest('CRL') ?? answers[0];
}

/** Whether an OCSP response or CRL may speak about `certificate` (for the DSS's VRI entries). */
export function revocationConcerns(
  item: { ocsp?: OcspResponse; crl?: Crl },
  certificate: Certificate,
): boolean {
  if (item.crl) return Buffer.compare(item.crl.issuer, certificate.issuer) === 0;
  return (
    item.ocsp?.responses.some((s) => s.certId.serialNumber === certificate.serialNumber) ?? false
  );
}
