/** Building X.509 v2 CRLs (RFC 5280 §5). */
import {
  derBitString,
  derExplicit,
  derIntegerBytes,
  derOctetString,
  derOidBytes,
  derSequence,
  derTlv,
  derValidityTime,
} from './der-write';
import { X509_OID } from './oids';
import { keyIdentifier, type X509Signer } from './x509-build';

/** One revoked certificate: its serial number, when it was revoked and why (a CRLReason). */
export interface RevokedEntry {
  serialNumber: bigint;
  revokedAt: Date;
  reason?: number | undefined;
}

/**
 * A CRL of `issuer` (Name DER) signed by `signer`, the issuer's key (`issuerSpki`, for the
 * authority key identifier), numbered `crlNumber`.
 */
export function buildCrl(options: {
  issuer: Uint8Array;
  issuerSpki: Uint8Array;
  thisUpdate: Date;
  nextUpdate: Date;
  crlNumber: bigint;
  revoked: RevokedEntry[];
  signer: X509Signer;
}): Buffer {
  const entries = options.revoked.map((entry) =>
    derSequence(
      derIntegerBytes(entry.serialNumber),
      derValidityTime(entry.revokedAt),
      ...(entry.reason === undefined
        ? []
        : [
            derSequence(
              derSequence(
                derOidBytes(X509_OID.cRLReason),
                derOctetString(derTlv(0x0a, Uint8Array.of(entry.reason))),
              ),
            ),
          ]),
    ),
  );
  const extensions = derExplicit(
    0,
    derSequence(
      derSequence(
        derOidBytes(X509_OID.authorityKeyIdentifier),
        derOctetString(derSequence(derTlv(0x80, keyIdentifier(options.issuerSpki)))),
      ),
      derSequence(
        derOidBytes(X509_OID.cRLNumber),
        derOctetString(derIntegerBytes(options.crlNumber)),
      ),
    ),
  );
  const tbs = derSequence(
    derIntegerBytes(1), // v2
    options.signer.signatureAlgorithm,
    options.issuer,
    derValidityTime(options.thisUpdate),
    derValidityTime(options.nextUpdate),
    ...(entries.length > 0 ? [derSequence(...entries)] : []),
    extensions,
  );
  return derSequence(
    tbs,
    options.signer.signatureAlgorithm,
    derBitString(options.signer.sign(tbs)),
  );
}
