import { X509Certificate } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { fromPem } from '@signet/der';
import { type Timings, noTimings } from '#infra/timings';
import { findCredential, credentials, type CredentialRow } from '../records';
import {
  hashLabel,
  hashLength,
  hashOfOid,
  hashOidOf,
  keyAlgoOids,
  signSchemeOf,
} from './csc-algorithms';
import { invalidRequest } from './csc-errors';
import { decodeHash } from './csc-oauth';
import type { CscTokenRow } from './csc-table';
import { spendingSignatures } from './csc-token-store';
import { type KeyContext, authorizeCredential, hashesDigest, signHashes } from '../custody';
import type { HashName } from '../keys';

const byLength: Record<number, HashName> = { 32: 'sha256', 48: 'sha384', 64: 'sha512' };

export type CertificatesOption = 'none' | 'single' | 'chain';

export interface InfoOptions {
  certificates?: CertificatesOption | undefined;
  certInfo?: boolean | undefined;
  authInfo?: boolean | undefined;
}

const curveOids: Record<string, [string, number]> = {
  prime256v1: ['1.2.840.10045.3.1.7', 256],
  secp384r1: ['1.3.132.0.34', 384],
  secp521r1: ['1.3.132.0.35', 521],
  secp256k1: ['1.3.132.0.10', 256],
  brainpoolP256r1: ['1.3.36.3.3.2.8.1.1.7', 256],
  brainpoolP384r1: ['1.3.36.3.3.2.8.1.1.11', 384],
  brainpoolP512r1: ['1.3.36.3.3.2.8.1.1.13', 512],
};

/** X.509 time as CSC prints it: GeneralizedTime, YYYYMMDDHHMMSSZ. */
const generalizedTime = (text: string) =>
  new Date(text)
    .toISOString()
    .replace(/[-:T]/g, '')
    .replace(/\.\d+Z$/, 'Z');

const dn = (name: string) => name.split('\n').reverse().join(', ');

/** The credential as CSC `credentials/info` answers it (v2 fields and the v1 ones beside). */
export function credentialInfo(row: CredentialRow, options: InfoOptions, scal: '1' | '2' = '1') {
  const ders = row.certChain.flatMap((pem) => fromPem(pem, 'CERTIFICATE'));
  const [endEntity] = ders;
  const x509 = endEntity ? new X509Certificate(endEntity) : undefined;
  const now = Date.now();
  const curve = row.ecCurveName === 'secp256r1' ? 'prime256v1' : row.ecCurveName;
  const curveInfo = curve ? curveOids[curve] : undefined;
  const enabled = row.status === 'ACTIVATED';
  const key = {
    status: enabled ? 'enabled' : 'disabled',
    algo: keyAlgoOids(row),
    len:
      row.keyAlg === 'rsa'
        ? (row.rsaKeySize ?? 0)
        : row.keyAlg === 'ec'
          ? (curveInfo?.[1] ?? 0)
          : 256,
    ...(curveInfo ? { curve: curveInfo[0] } : {}),
  };
  const which = options.certificates ?? 'single';
  const certStatus = !x509
    ? 'invalid'
    : now > Date.parse(x509.validTo)
      ? 'expired'
      : now < Date.parse(x509.validFrom)
        ? 'invalid'
        : 'valid';
  const cert = {
    status: certStatus,
    ...(which === 'none'
      ? {}
      : {
          certificates: (which === 'chain' ? ders : ders.slice(0, 1)).map((d) =>
            d.toString('base64'),
          ),
        }),
    ...(options.certInfo && x509
      ? {
          issuerDN: dn(x509.issuer),
          serialNumber: x509.serialNumber.toUpperCase(),
          subjectDN: dn(x509.subject),
          validFrom: generalizedTime(x509.validFrom),
          validTo: generalizedTime(x509.validTo),
        }
      : {}),
  };
  const explicit = row.authMode === 'EXPLICIT';
  const pinLabel = 'Key password';
  // Every key password is set through keyPasswordSchema, digits only: CSC's "N" (numeric) lets
  // a client offer a number pad rather than "A" (alphanumeric).
  const pinFormat = 'N';
  return {
    description: row.description,
    signatureQualifier: 'eu_eidas_aes',
    key,
    cert,
    authMode: explicit ? 'explicit' : 'implicit',
    ...(options.authInfo
      ? {
          auth: explicit
            ? {
                mode: 'explicit',
                expression: 'PIN',
                objects: [
                  {
                    type: 'Password',
                    id: 'PIN',
                    format: pinFormat,
                    label: pinLabel,
                    description: 'The key password of the credential (digits only)',
                  },
                ],
              }
            : { mode: 'implicit', description: 'Approve on your registered device' },
          PIN: explicit
            ? { presence: 'true', format: pinFormat, label: pinLabel }
            : { presence: 'false' },
          OTP: { presence: 'false' },
        }
      : {}),
    SCAL: scal,
    multisign: 100,
    lang: 'en-US',
  };
}

/** A credential of the token's user that the token may use (else "Invalid parameter credentialID"). */
export async function tokenCredential(
  ctx: KeyContext,
  token: CscTokenRow | Promise<CscTokenRow>,
  credentialId: string,
): Promise<{ token: CscTokenRow; row: CredentialRow }> {
  // The token's check and the credential's read at once (two connections on PostgreSQL).
  const [checked, row] = await Promise.all([
    token,
    /^[0-9a-f-]{36}$/i.test(credentialId)
      ? findCredential(ctx.database.db, credentialId)
      : undefined,
  ]);
  if (checked.credentialId && checked.credentialId !== credentialId) {
    throw invalidRequest('Invalid parameter credentialID (the token is for another credential)');
  }
  if (!row || row.userId !== checked.userId) throw invalidRequest('Invalid parameter credentialID');
  return { token: checked, row };
}

/** The token user's signing credentials, newest first. */
export async function listUserCredentials(
  ctx: KeyContext,
  userId: string,
): Promise<CredentialRow[]> {
  const rows = await ctx.database.db
    .select()
    .from(credentials)
    .where(eq(credentials.userId, userId))
    .orderBy(desc(credentials.createdAt));
  return rows.filter((r) => r.keyPurpose === 'ASYMMETRIC_SIGN' || r.keyPurpose === 'AUTHENTICATE');
}

export interface CscAuthorizeInput {
  credentialID: string;
  numSignatures: number;
  hashes: string[];
  /** Absent (v1): taken from the hashes' length. */
  hashAlgorithmOID?: string | undefined;
  pin?: string | undefined;
  description?: string | undefined;
  signal?: AbortSignal;
}

/**
 * credentials/authorize: Signet's SAD for exactly these hashes. EXPLICIT keys take the PIN (the
 * key password, wrong ones counted toward KEY_BLOCKED); IMPLICIT ones are approved on the
 * owner's device (the call waits up to AUTHORIZATION_TIMEOUT_SECS). A token of scope
 * `credential` bound to hashes (SCAL2) authorises only those.
 */
export async function cscAuthorize(
  ctx: KeyContext,
  token: CscTokenRow,
  input: CscAuthorizeInput,
  timings: Timings = noTimings,
) {
  const { row } = await tokenCredential(ctx, token, input.credentialID);
  const hashes = input.hashes.map((h) => decodeHash(h, 'hashes'));
  const hashAlgorithm: HashName =
    input.hashAlgorithmOID !== undefined
      ? hashOfOid(input.hashAlgorithmOID)
      : (byLength[hashes[0]?.length ?? 0] ?? 'sha256');
  if (hashes.length !== input.numSignatures)
    throw invalidRequest('Invalid parameter numSignatures');
  // A digest signer needs a digest of its algorithm's length; SLH-DSA signs the message itself.
  if (row.keyAlg !== 'sphincs+' && hashes.some((h) => h.length !== hashLength[hashAlgorithm])) {
    throw invalidRequest(
      `Invalid parameter hashes (a ${hashLabel[hashAlgorithm]} hash has ${hashLength[hashAlgorithm]} bytes)`,
    );
  }
  // SCAL2 (CSC_SCAL=2): the hashes must have been bound in the OAuth round (scope=credential).
  if (ctx.config.CSC_SCAL === '2' && (token.scope !== 'credential' || !token.hashesDigest)) {
    throw invalidRequest('SCAL2: authorize with a token of scope credential bound to these hashes');
  }
  if (token.hashesDigest && token.hashesDigest !== hashesDigest(hashAlgorithm, hashes)) {
    throw invalidRequest('The hashes are not the ones the token was authorised for');
  }
  const authorisation =
    row.authMode === 'EXPLICIT'
      ? { type: 'keyPassword' as const, keyPassword: input.pin ?? '' }
      : {
          type: 'device' as const,
          ...(input.description ? { documents: [input.description] } : {}),
          ...(input.signal ? { signal: input.signal } : {}),
        };
  if (row.authMode === 'EXPLICIT' && !input.pin) throw invalidRequest('Missing parameter PIN');
  const { sad, expiresAt } = await spendingSignatures(ctx.database.db, token, hashes.length, () =>
    authorizeCredential(
      ctx,
      { credentialId: row.id, userId: token.userId, hashes, hashAlgorithm, authorisation },
      timings,
    ),
  );
  return {
    SAD: sad,
    expiresIn: Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000)),
  };
}

export interface CscSignHashInput {
  credentialID: string;
  SAD: string;
  hashes: string[];
  hashAlgorithmOID?: string | undefined;
  signAlgo: string;
  signAlgoParams?: string | undefined;
}

/** signatures/signHash: the hashes the SAD covers, signed with the scheme signAlgo names. */
export async function cscSignHash(
  ctx: KeyContext,
  tokenOf: CscTokenRow | Promise<CscTokenRow>,
  input: CscSignHashInput,
  timings: Timings = noTimings,
) {
  const { token, row } = await timings.measure('database', () =>
    tokenCredential(ctx, tokenOf, input.credentialID),
  );
  const hashes = input.hashes.map((h) => decodeHash(h, 'hashes'));
  const inferred = byLength[hashes[0]?.length ?? 0];
  const scheme = signSchemeOf(row, {
    ...input,
    hashAlgorithmOID:
      input.hashAlgorithmOID ??
      (inferred && row.keyAlg !== 'sphincs+' ? hashOidOf[inferred] : undefined),
  });
  const result = await signHashes(
    ctx,
    {
      credentialId: row.id,
      userId: token.userId,
      hashes,
      hashAlgorithm: scheme.hash,
      rsaPss: scheme.rsaPss,
      authorisation: { type: 'sad', sad: input.SAD },
    },
    timings,
  );
  return { signatures: result.signatures.map((s) => s.toString('base64')) };
}
