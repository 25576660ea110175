import type { DistinguishedName } from '@signet/contracts/credentials';
import { encodeName, X509_OID, type NameAttribute } from '@signet/der';

/** Attribute OIDs of the distinguished-name fields (X.520, PKCS#9), in encoding order. */
const dnAttributes: { field: keyof Omit<DistinguishedName, 'customFields'>; oid: string }[] = [
  { field: 'countryName', oid: X509_OID.countryName },
  { field: 'stateOrProvinceName', oid: '2.5.4.8' },
  { field: 'localityName', oid: '2.5.4.7' },
  { field: 'organization', oid: '2.5.4.10' },
  { field: 'organizationalUnit', oid: '2.5.4.11' },
  { field: 'title', oid: '2.5.4.12' },
  { field: 'surname', oid: '2.5.4.4' },
  { field: 'givenName', oid: '2.5.4.42' },
  { field: 'serialNumber', oid: X509_OID.serialNumber },
  { field: 'commonName', oid: X509_OID.commonName },
  { field: 'emailAddress', oid: X509_OID.emailAddress },
];

/** DER Name of a distinguished name: one RDN per filled field, custom OIDs last. */
export function encodeDistinguishedName(
  dn: DistinguishedName | { commonName: string; organization?: string },
): Buffer {
  const attributes: NameAttribute[] = [];
  const values = dn as Record<string, unknown>;
  for (const { field, oid } of dnAttributes) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '')
      attributes.push({ oid, value: value.trim() });
  }
  const custom = 'customFields' in dn ? dn.customFields : [];
  for (const { oid, value } of custom) attributes.push({ oid, value });
  return encodeName(attributes);
}
