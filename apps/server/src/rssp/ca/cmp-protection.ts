import { createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import {
  certificateParts,
  derNull,
  derOidBytes,
  derSequence,
  fromPem,
  X509_OID,
  type X509Signer,
} from '@signet/der';

/** How Signet's CMP requests are protected: a shared secret (PBM) or a client key. */
export type CmpProtection =
  | { kind: 'pbm'; reference: Buffer; secret: Buffer }
  | { kind: 'signature'; certificate: Buffer; subject: Buffer; signer: X509Signer };

/** The protection the configuration names; a client key wins over a secret only when both are set. */
export function cmpProtectionFromConfig(config: {
  CMP_REFERENCE?: string | undefined;
  CMP_SECRET?: string | undefined;
  CMP_CLIENT_CERT_FILE?: string | undefined;
  CMP_CLIENT_KEY_FILE?: string | undefined;
}): CmpProtection {
  if (config.CMP_CLIENT_CERT_FILE && config.CMP_CLIENT_KEY_FILE) {
    const [certificate] = fromPem(readFileSync(config.CMP_CLIENT_CERT_FILE, 'utf8'), 'CERTIFICATE');
    if (!certificate) throw new Error('CMP_CLIENT_CERT_FILE holds no certificate');
    const key = createPrivateKey(readFileSync(config.CMP_CLIENT_KEY_FILE));
    const type = key.asymmetricKeyType;
    const signer: X509Signer =
      type === 'rsa'
        ? {
            signatureAlgorithm: derSequence(derOidBytes(X509_OID.sha256WithRsa), derNull()),
            sign: (data) => sign('sha256', data, key),
          }
        : type === 'ec'
          ? {
              signatureAlgorithm: derSequence(derOidBytes(X509_OID.ecdsaWithSha256)),
              sign: (data) => sign('sha256', data, key),
            }
          : type === 'ed25519'
            ? {
                signatureAlgorithm: derSequence(derOidBytes(X509_OID.ed25519)),
                sign: (data) => sign(null, data, key),
              }
            : unsupported(type);
    return {
      kind: 'signature',
      certificate,
      subject: certificateParts(certificate).subject,
      signer,
    };
  }
  if (config.CMP_REFERENCE && config.CMP_SECRET) {
    return {
      kind: 'pbm',
      reference: Buffer.from(config.CMP_REFERENCE, 'utf8'),
      secret: Buffer.from(config.CMP_SECRET, 'utf8'),
    };
  }
  throw new Error(
    'CA_MODE=external needs CMP_REFERENCE and CMP_SECRET, or CMP_CLIENT_CERT_FILE and CMP_CLIENT_KEY_FILE',
  );
}

function unsupported(type: string | undefined): never {
  throw new Error(
    `CMP_CLIENT_KEY_FILE: ${type ?? 'this'} keys are not supported (RSA, EC, Ed25519)`,
  );
}
