import { createHash } from 'node:crypto';
import {
  derChildren,
  derOid,
  parseCertificate,
  readDer,
  spkiKeyBits,
  type Certificate,
} from '@signet/der';
import { isIssuedBy } from './certificate-chain';
import { DIGEST_NAME_BY_OID } from './oids';
import {
  readCrl,
  readOcspResponse,
  type Crl,
  type OcspResponse,
  type RevocationStatus,
} from './revocation-data';
import { verifySignature } from './verify-signature';

const OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';
const EXT_KEY_USAGE = '2.5.29.37';

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

const digest = (name: string, data: Uint8Array): Buffer => createHash(name).update(data).digest();
const same = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

function hasOcspSigning(certificate: Certificate): boolean {
  const eku = certificate.extensions.get(EXT_KEY_USAGE);
  if (!eku) return false;
  try {
    return derChildren(readDer(eku.value)).some((node) => derOid(node) === OCSP_SIGNING);
  } catch {
    return false;
  }
}

/**
 * The certificate that signed an OCSP response about `issuer`'s certificates: the issuer itself,
 * or a responder it delegated to (issued by it, with id-kp-OCSPSigning), named by the response.
 */
function ocspSigner(response: OcspResponse, issuer: Certificate): Certificate | undefined {
  const names = (certificate: Certificate): boolean =>
    response.responderName
      ? same(response.responderName, certificate.subject)
      : response.responderKeyHash !== undefined &&
        same(response.responderKeyHash, digest('sha1', spkiKeyBits(certificate.spki)));
  if (names(issuer)) return issuer;
  for (const der of response.certificates) {
    let candidate: Certificate;
    try {
      candidate = parseCertificate(der);
    } catch {
      continue;
    }
    if (names(candidate) && hasOcspSigning(candidate) && isIssuedBy(candidate, issuer))
      return candidate;
  }
  return undefined;
}

function ocspVerifies(response: OcspResponse, issuer: Certificate): boolean {
  const signer = ocspSigner(response, issuer);
  return (
    signer !== undefined &&
    verifySignature({
      algorithm: response.signatureAlgorithm,
      data: response.tbs,
      signature: response.signature,
      spki: signer.spki,
    })
  );
}

function crlVerifies(crl: Crl, issuer: Certificate): boolean {
  return (
    same(crl.issuer, issuer.subject) &&
    verifySignature({
      algorithm: crl.signatureAlgorithm,
      data: crl.tbs,
      signature: crl.signature,
      spki: issuer.spki,
    })
  );
}

/**
 * What the pool says about `certificate` (issued by `issuer`), from data whose signature verifies
 * against the issuer: a revocation wins (the earliest date), else the newest OCSP answer, else the
 * newest CRL. Undefined when nothing in the pool speaks about it.
 */
export function revocationOf(
  certificate: Certificate,
  issuer: Certificate,
  pool: RevocationPool,
): RevocationAnswer | undefined {
  const answers: RevocationAnswer[] = [];
  const keyBits = spkiKeyBits(issuer.spki);
  for (const { response, source } of pool.ocsps) {
    const matching = response.responses.filter((single) => {
      const hash = DIGEST_NAME_BY_OID[single.certId.hashAlgorithm];
      return (
        hash !== undefined &&
        single.certId.serialNumber === certificate.serialNumber &&
        same(single.certId.issuerNameHash, digest(hash, certificate.issuer)) &&
        same(single.certId.issuerKeyHash, digest(hash, keyBits))
      );
    });
    if (matching.length === 0 || !ocspVerifies(response, issuer)) continue;
    for (const single of matching) {
      answers.push({
        status: single.status,
        source,
        kind: 'OCSP',
        producedAt: response.producedAt,
        ...(single.revokedAt ? { revokedAt: single.revokedAt } : {}),
      });
    }
  }
  for (const { crl, source } of pool.crls) {
    if (!same(crl.issuer, certificate.issuer) || !crlVerifies(crl, issuer)) continue;
    const entry = crl.revoked.find((e) => e.serialNumber === certificate.serialNumber);
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
      .sort((a, b) => b.producedAt.getTime() - a.producedAt.getTime())[0];
  return newest('OCSP') ?? newest('CRL') ?? answers[0];
}

/** Whether an OCSP response or CRL speaks about `certificate` (for the DSS's VRI entries). */
export function revocationConcerns(
  item: { ocsp?: OcspResponse; crl?: Crl },
  certificate: Certificate,
): boolean {
  if (item.crl) return same(item.crl.issuer, certificate.issuer);
  return (
    item.ocsp?.responses.some((s) => s.certId.serialNumber === certificate.serialNumber) ?? false
  );
}
