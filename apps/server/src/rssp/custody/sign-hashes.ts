import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { fromPem, parseCertificate, X509_OID } from '@signet/der';
import { AppError, forbidden, notFound } from '#infra/app-error';
import { unwrapWithKek, wrappedKekId } from '#infra/keys';
import { noTimings, type Timings } from '#infra/timings';
import {
  dropStaleAuthorisations,
  insertAuthorisation,
  resetAndInsertAuthorisation,
  takeAuthorisation,
  takeAuthorisationCounted,
} from './authorisation-store';
import type { SigningAuthorisationRow } from './authorisation-table';
import { countKeyUse, findCredential, type CredentialRow, keySpecOfRow } from '../records';
import { releaseAttempt, takeSecretAttempt } from './secret-attempts';
import { awaitDecision, consumeApproval, requestApproval } from '../devices';
import { type HashName, createSigner, wrapAad } from '../keys';
import {
  attemptsOf,
  commitOpened,
  openWithSecret,
  unwrapCounted,
  wrapUnderSecret,
  type KeyContext,
} from './key-secrets';

/**
 * How the key's use is authorised (ARCHITECTURE.md "Key custody"). Every signature goes through
 * an authorisation bound to the exact hashes (`authorizeCredential`): `sad` presents one given
 * earlier; the other kinds authorise and sign in one call. New kinds (device approval) join here.
 */
export type SigningAuthorisation =
  /** EXPLICIT credentials: the key password (wrong ones count towards KEY_BLOCKED). */
  | { type: 'keyPassword'; keyPassword: string }
  /**
   * IMPLICIT credentials: approval on a registered device (decision 014). Without `approvalId`
   * the owner's devices are asked and the call waits up to AUTHORIZATION_TIMEOUT_SECS; with one,
   * that APPROVED approval is used. Either way the approval must name this credential and exactly
   * these hashes, be unexpired and unused; it is used up here, before any key is touched.
   */
  | {
      type: 'device';
      approvalId?: string;
      /** Names of the documents, shown on the device. */
      documents?: string[];
      /** The caller went away: the request for approval is cancelled. */
      signal?: AbortSignal;
    }
  /** Signature Activation Data from `authorizeCredential`: these hashes, once, until it expires. */
  | { type: 'sad'; sad: string };

/** What grants an authorisation (everything but a SAD, which is one). */
export type GrantingAuthorisation = Exclude<SigningAuthorisation, { type: 'sad' }>;

export interface SignHashesRequest {
  credentialId: string;
  /** The user the signature is made for; someone else's credential is NOT_FOUND. */
  userId: string;
  /**
   * RSA and EC: precomputed digests of `hashAlgorithm`. SLH-DSA has no digest mode: each item is
   * the message itself (the DER of the CMS signed attributes).
   */
  hashes: Uint8Array[];
  hashAlgorithm: HashName;
  authorisation: SigningAuthorisation;
  /** RSA keys: RSASSA-PSS with this salt length instead of PKCS#1 v1.5 (the CSC signAlgo). */
  rsaPss?: { saltLength: number } | undefined;
}

export interface AuthoriseRequest extends Omit<SignHashesRequest, 'authorisation'> {
  authorisation: GrantingAuthorisation;
}

export interface SignHashesResult {
  /** Raw signatures in the order of `hashes`: RSA PKCS#1 v1.5, ECDSA DER, SLH-DSA bytes. */
  signatures: Buffer[];
  /** The credential's certificate chain (PEM, end-entity first). */
  certChain: string[];
}

/** A credential as the signing service needs it before any key is used. */
export interface SigningCredential {
  id: string;
  authMode: CredentialRow['authMode'];
  keyAlg: CredentialRow['keyAlg'];
  /** ASYMMETRIC_SIGN, or AUTHENTICATE (which signs hashes too). */
  keyPurpose: CredentialRow['keyPurpose'];
  /** DER certificates, end-entity first. */
  certificates: Buffer[];
  /** The end-entity subject's common name, or its whole subject. */
  subjectName: string;
}

/** At most this many hashes per call. */
export const maxHashesPerCall = 100;

const keyUsageDigitalSignature = 0x80;
const keyUsageNonRepudiation = 0x40;

export function checkedRow(row: CredentialRow | undefined, userId: string): CredentialRow {
  if (!row || row.userId !== userId) throw notFound('Credential');
  if (row.status !== 'ACTIVATED')
    throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential is not activated');
  if (row.keyPurpose !== 'ASYMMETRIC_SIGN' && row.keyPurpose !== 'AUTHENTICATE') {
    throw new AppError('INVALID_REQUEST', 'The credential is not a signing key');
  }
  return row;
}

const notAppropriate = (why: string) =>
  new AppError('SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE', `The signing certificate ${why}`);

/**
 * The credential the user may sign with now: their own, activated, with a certificate chain
 * (EMPTY_CERTIFICATE_CHAIN) whose end-entity certificate is valid at `at` and allows signing
 * (digitalSignature or nonRepudiation when it names key usages), else
 * SIGNING_CERTIFICATE_IS_NOT_APPROPRIATE. Uses no key and counts nothing.
 */
export async function credentialForSigning(
  ctx: KeyContext,
  request: { credentialId: string; userId: string; at?: Date },
): Promise<SigningCredential> {
  const row = checkedRow(
    await findCredential(ctx.database.db, request.credentialId),
    request.userId,
  );
  return signingCredentialOf(row, request.at ?? new Date());
}

/** `credentialForSigning`'s checks on a row already read. */
export function signingCredentialOf(row: CredentialRow, when: Date): SigningCredential {
  const certificates = row.certChain.flatMap((pem) => fromPem(pem, 'CERTIFICATE'));
  const [endEntity] = certificates;
  if (!endEntity) {
    throw new AppError('EMPTY_CERTIFICATE_CHAIN', 'The credential has no certificate chain');
  }
  const certificate = parseCertificate(endEntity);
  const at = when.getTime();
  if (at > certificate.notAfter.getTime()) throw notAppropriate('has expired');
  if (at < certificate.notBefore.getTime()) throw notAppropriate('is not valid yet');
  const keyUsage = certificate.extensions.get(X509_OID.keyUsage)?.value;
  // BIT STRING: tag, length, unused bits, then the first byte of flags.
  const flags = keyUsage && keyUsage.length >= 4 ? (keyUsage[3] ?? 0) : undefined;
  if (flags !== undefined && (flags & (keyUsageDigitalSignature | keyUsageNonRepudiation)) === 0) {
    throw notAppropriate('does not allow signing (key usage)');
  }
  const commonName = /CN=([^,]+)/.exec(certificate.subjectName)?.[1];
  return {
    id: row.id,
    authMode: row.authMode,
    keyAlg: row.keyAlg,
    keyPurpose: row.keyPurpose,
    certificates,
    subjectName: commonName ?? certificate.subjectName,
  };
}

/** What an authorisation is bound to: the algorithm and every hash, in order. */
export function hashesDigest(hashAlgorithm: HashName, hashes: readonly Uint8Array[]): string {
  const digest = createHash('sha256').update(`signet/sad/v1|${hashAlgorithm}|${hashes.length}`);
  for (const hash of hashes) {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(hash.length);
    digest.update(length).update(hash);
  }
  return digest.digest('hex');
}

export function checkHashes(hashes: readonly Uint8Array[]): void {
  if (hashes.length === 0 || hashes.length > maxHashesPerCall) {
    throw new AppError('INVALID_REQUEST', `Between 1 and ${maxHashesPerCall} hashes per call`);
  }
}

/** The key that seals a key inside one authorisation: HKDF of the KEK and the SAD's secret. */
function sealingKey(ctx: KeyContext, id: string, secret: Buffer): Buffer {
  const ikm = Buffer.concat([secret, ctx.ring.current.key]);
  const key = Buffer.from(hkdfSync('sha256', ikm, Buffer.from(id), 'signet/rssp/sad/v1', 32));
  ikm.fill(0);
  return key;
}

function sealKey(ctx: KeyContext, id: string, secret: Buffer, pkcs8: Buffer): string {
  const key = sealingKey(ctx, id, secret);
  try {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`sad|${id}`));
    const ct = Buffer.concat([cipher.update(pkcs8), cipher.final(), cipher.getAuthTag()]);
    return JSON.stringify({
      v: 1,
      kek: ctx.ring.current.id,
      iv: iv.toString('base64'),
      ct: ct.toString('base64'),
    });
  } finally {
    key.fill(0);
  }
}

function openSealedKey(ctx: KeyContext, id: string, secret: Buffer, sealed: string): Buffer {
  const parsed = JSON.parse(sealed) as { kek: string; iv: string; ct: string };
  if (parsed.kek !== ctx.ring.current.id) throw forbidden('The authorisation has expired');
  const key = sealingKey(ctx, id, secret);
  try {
    const ct = Buffer.from(parsed.ct, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parsed.iv, 'base64'));
    decipher.setAAD(Buffer.from(`sad|${id}`));
    decipher.setAuthTag(ct.subarray(ct.length - 16));
    return Buffer.concat([decipher.update(ct.subarray(0, ct.length - 16)), decipher.final()]);
  } catch {
    throw forbidden('The authorisation is not valid');
  } finally {
    key.fill(0);
  }
}

const sadPattern = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/**
 * The CSC-shaped credentials/authorize: checks ownership, activation and purpose, checks the
 * authorisation given (the key password of an EXPLICIT credential, counting a wrong one toward
 * KEY_BLOCKED) and answers Signature Activation Data bound to the credential, its owner and
 * exactly these hashes, good for one `signHashes` until AUTHORIZATION_TIMEOUT_SECS pass. The
 * opened key is kept only sealed under a key that needs both the KEK and the SAD's own secret.
 */
export async function authorizeCredential(
  ctx: KeyContext,
  request: AuthoriseRequest,
  /** The KDF as `kdf`, the rest as `database` (the bench's split). */
  timings: Timings = noTimings,
): Promise<{ sad: string; expiresAt: Date }> {
  checkHashes(request.hashes);
  const db = ctx.database.db;
  const { authorisation } = request;
  // The usual case in one statement: the owner's activated EXPLICIT credential, its attempt
  // counted. Anything else reads the row and answers as before (not found, blocked…).
  const counted =
    authorisation.type === 'keyPassword'
      ? await timings.measure('database', () =>
          takeSecretAttempt(attemptsOf(ctx), {
            credentialId: request.credentialId,
            kind: 'password',
            signingOwner: request.userId,
          }),
        )
      : undefined;
  const row =
    counted?.row ??
    checkedRow(
      await timings.measure('database', () => findCredential(db, request.credentialId)),
      request.userId,
    );
  const id = randomUUID();
  const secret = randomBytes(32);
  const record = (sealed: string | null) => ({
    id,
    credentialId: row.id,
    userId: request.userId,
    kind: authorisation.type,
    hashesDigest: hashesDigest(request.hashAlgorithm, request.hashes),
    numSignatures: request.hashes.length,
    sealedKey: sealed,
    expiresAt: new Date(Date.now() + ctx.config.AUTHORIZATION_TIMEOUT_SECS * 1000),
  });
  let sealedKey: string | null = null;
  let values: ReturnType<typeof record> | undefined;
  let recorded = false;
  if (row.authMode === 'EXPLICIT') {
    if (authorisation.type !== 'keyPassword') {
      throw new AppError('INVALID_REQUEST', 'This credential is authorised with its key password');
    }
    const keyPassword = authorisation.keyPassword;
    const opened = counted
      ? await unwrapCounted(ctx, counted.row, 'password', keyPassword, counted.attempt, timings)
      : await openWithSecret(ctx, row, 'password', keyPassword, timings);
    try {
      sealedKey = timings.measureSync('unwrap', () => sealKey(ctx, id, secret, opened.pkcs8));
      // After a KEK rotation, the password copy moves to the current KEK on its next use.
      const stale = wrappedKekId(opened.blob) !== ctx.ring.current.id;
      // The usual case: the count reset and the authorisation recorded in one statement.
      recorded =
        !stale &&
        (await timings.measure('database', () =>
          resetAndInsertAuthorisation(db, (values = record(sealedKey)), {
            blob: opened.blob,
            maxPuk: ctx.config.PUK_MAX_ATTEMPTS,
            attempt: opened.attempt,
          }),
        ));
      const changes = stale
        ? {
            wrappedKeyPassword: await wrapUnderSecret(ctx, {
              id: row.id,
              kind: 'password',
              pkcs8: opened.pkcs8,
              secret: keyPassword,
            }),
          }
        : {};
      if (!recorded) {
        await timings.measure('database', () =>
          commitOpened(ctx, {
            id: row.id,
            kind: 'password',
            blob: opened.blob,
            attempt: opened.attempt,
            changes,
          }),
        );
      }
    } catch (error) {
      // A right password is never a wrong attempt, whatever failed after it (no-op once ended).
      await releaseAttempt(db, opened.attempt);
      throw error;
    } finally {
      opened.pkcs8.fill(0);
    }
  } else {
    if (authorisation.type !== 'device') {
      throw new AppError('INVALID_REQUEST', 'This credential is authorised on a device');
    }
    await approveOnDevice(ctx, row, request, authorisation);
  }
  const stored = values ?? record(sealedKey);
  await timings.measure('database', async () => {
    // Now and then, not on every call: records used or expired an hour ago go.
    if (Math.random() < 1 / 32) {
      await dropStaleAuthorisations(db, new Date(Date.now() - 3_600_000));
    }
    if (!recorded) await insertAuthorisation(db, stored);
  });
  return { sad: `${id}.${secret.toString('base64url')}`, expiresAt: stored.expiresAt };
}

const refusals = {
  unknown: 'The authorisation is not valid for this credential',
  mismatch: 'The authorisation does not cover these hashes',
  used: 'The authorisation has been used already',
  expired: 'The authorisation has expired',
} as const;

/**
 * The CSC-shaped signHash of the rSSP (the client interface the rDSS calls): signs exactly the
 * hashes an authorisation covers, once. A SAD is taken for good before the key is opened; the
 * other kinds of authorisation first authorise these hashes (`authorizeCredential`). The key is
 * in memory for this call only.
 */
export async function signHashes(
  ctx: KeyContext,
  request: SignHashesRequest,
  /** Opening the key and signing as `unwrap`, the authorisation's record as `database`. */
  timings: Timings = noTimings,
): Promise<SignHashesResult> {
  checkHashes(request.hashes);
  const { authorisation } = request;
  const sad =
    authorisation.type === 'sad'
      ? authorisation.sad
      : (await authorizeCredential(ctx, { ...request, authorisation }, timings)).sad;
  const parts = sadPattern.exec(sad);
  if (!parts) throw forbidden(refusals.unknown);
  const [, id = '', secretText = ''] = parts;
  const match = {
    id,
    credentialId: request.credentialId,
    userId: request.userId,
    hashesDigest: hashesDigest(request.hashAlgorithm, request.hashes),
  };
  // The usual case in one statement: the SAD taken, the key's use counted (one opening, these
  // signatures) and the credential read. Anything else reads the row and says why.
  const fast = await timings.measure('database', () =>
    takeAuthorisationCounted(ctx.database.db, match),
  );
  if (fast) {
    return timings.measureSync('unwrap', () =>
      signWithKey(ctx, { request, row: fast.row, taken: fast.taken, id, secretText }),
    );
  }
  const { row, outcome } = await timings.measure('database', async () => {
    const found = checkedRow(
      await findCredential(ctx.database.db, request.credentialId),
      request.userId,
    );
    return { row: found, outcome: await takeAuthorisation(ctx.database.db, match) };
  });
  if ('refused' in outcome) throw forbidden(refusals[outcome.refused]);
  const { taken } = outcome;
  const result = timings.measureSync('unwrap', () =>
    signWithKey(ctx, { request, row, taken, id, secretText }),
  );
  // The rSSP's own record of key use: one opening of the key, these signatures.
  await timings.measure('database', () =>
    countKeyUse(ctx.database.db, row.id, { unwraps: 1, signatures: result.signatures.length }),
  );
  return result;
}

/**
 * IMPLICIT: the device approval for exactly these hashes (asked for and awaited, or given), used
 * once. A refused approval throws before any authorisation exists, so the key stays untouched.
 */
async function approveOnDevice(
  ctx: KeyContext,
  row: CredentialRow,
  request: AuthoriseRequest,
  authorisation: Extract<GrantingAuthorisation, { type: 'device' }>,
): Promise<void> {
  const hashes = request.hashes.map((hash) => Buffer.from(hash).toString('base64'));
  let approvalId = authorisation.approvalId;
  if (approvalId === undefined) {
    const asked = await requestApproval(ctx, {
      credential: row,
      purpose: 'SIGN',
      hashes,
      hashAlgorithm: request.hashAlgorithm,
      ...(authorisation.documents ? { documents: authorisation.documents } : {}),
    });
    await awaitDecision(ctx, asked, authorisation.signal);
    approvalId = asked.id;
  }
  const consumed = approvalId;
  await ctx.database.db.transaction((tx) =>
    consumeApproval(tx, {
      approvalId: consumed,
      credentialId: row.id,
      userId: row.userId,
      purpose: 'SIGN',
      hashes,
    }),
  );
}

function signWithKey(
  ctx: KeyContext,
  options: {
    request: SignHashesRequest;
    row: CredentialRow;
    taken: Pick<SigningAuthorisationRow, 'kind' | 'sealedKey'>;
    id: string;
    secretText: string;
  },
): SignHashesResult {
  const { request, row, taken, id, secretText } = options;
  let pkcs8: Buffer;
  if (taken.sealedKey) {
    pkcs8 = openSealedKey(ctx, id, Buffer.from(secretText, 'base64url'), taken.sealedKey);
  } else if (row.authMode === 'IMPLICIT' && row.wrappedKey) {
    pkcs8 = unwrapWithKek(ctx.ring, row.wrappedKey, wrapAad(row.id, 'kek'));
  } else {
    throw forbidden(refusals.unknown);
  }
  try {
    return signWithPkcs8(row, pkcs8, request);
  } finally {
    pkcs8.fill(0);
  }
}

/** The signatures of these hashes with the credential's opened key (the caller wipes it). */
export function signWithPkcs8(
  row: CredentialRow,
  pkcs8: Buffer,
  request: Pick<SignHashesRequest, 'hashes' | 'hashAlgorithm' | 'rsaPss'>,
): SignHashesResult {
  const spec = keySpecOfRow(row);
  const signer = createSigner(spec, pkcs8);
  const pss = request.rsaPss;
  const signatures = request.hashes.map((hash) =>
    spec.keyAlg === 'sphincs+'
      ? signer.sign(hash)
      : pss && signer.signDigestPss
        ? signer.signDigestPss(hash, request.hashAlgorithm, pss.saltLength)
        : signer.signDigest(hash, request.hashAlgorithm),
  );
  return { signatures, certChain: row.certChain };
}
