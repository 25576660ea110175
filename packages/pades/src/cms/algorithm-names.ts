import { OID } from './oids';

/** The signature algorithms a report names, by the OIDs a SignerInfo may carry for them. */
const names: Record<string, string> = {
  [OID.rsaEncryption]: 'RSA_PKCS1',
  [OID.sha256WithRsa]: 'RSA_PKCS1',
  [OID.sha384WithRsa]: 'RSA_PKCS1',
  [OID.sha512WithRsa]: 'RSA_PKCS1',
  [OID.sha1WithRsa]: 'RSA_PKCS1',
  [OID.rsaPss]: 'RSA_PSS',
  [OID.ecdsaWithSha256]: 'ECDSA',
  [OID.ecdsaWithSha384]: 'ECDSA',
  [OID.ecdsaWithSha512]: 'ECDSA',
  [OID.ecPublicKey]: 'ECDSA',
  [OID.slhDsaSha2_128f]: 'SLH_DSA_SHA2_128F',
};

/**
 * A signature algorithm's name in a validation report (the `SignatureAlgorithm` names), one for
 * PDF signatures and containers alike; an OID it does not know stays the OID.
 */
export function signatureAlgorithmName(oid: string): string {
  return names[oid] ?? oid;
}
