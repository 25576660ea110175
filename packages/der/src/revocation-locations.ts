/** Reading where a certificate says its revocation status and its issuer are found. */
import { derChildren, derContent, derOid, readDerAll, type DerNode } from './der-read';
import { X509_OID } from './oids';
import type { Certificate } from './x509-read';

export interface CertificateLocations {
  /** AIA id-ad-ocsp URIs. */
  ocsp: string[];
  /** AIA id-ad-caIssuers URIs. */
  caIssuers: string[];
  /** CRL distribution point full-name URIs. */
  crl: string[];
}

/** The uniformResourceIdentifier [6] entries of a GeneralNames list. */
function uris(nodes: DerNode[]): string[] {
  return nodes.filter((n) => n.tag === 0x86).map((n) => derContent(n).toString('latin1'));
}

/** AIA and CRL DP URLs of a certificate; none when absent. Throws a DerError when they are malformed. */
export function certificateLocations(certificate: Certificate): CertificateLocations {
  const out: CertificateLocations = { ocsp: [], caIssuers: [], crl: [] };
  const aia = certificate.extensions.get(X509_OID.authorityInfoAccess);
  if (aia) {
    for (const description of derChildren(readDerAll(aia.value))) {
      const [method, location] = derChildren(description);
      if (!method || !location) continue;
      const found = uris([location]);
      const oid = derOid(method);
      if (oid === X509_OID.accessOcsp) out.ocsp.push(...found);
      if (oid === X509_OID.accessCaIssuers) out.caIssuers.push(...found);
    }
  }
  const dp = certificate.extensions.get(X509_OID.cRLDistributionPoints);
  if (dp) {
    for (const point of derChildren(readDerAll(dp.value))) {
      const name = derChildren(point).find((n) => n.tag === 0xa0);
      const fullName = name && derChildren(name).find((n) => n.tag === 0xa0);
      if (fullName) out.crl.push(...uris(derChildren(fullName)));
    }
  }
  return out;
}
