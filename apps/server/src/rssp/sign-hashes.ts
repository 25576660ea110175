import { AppError, notFound } from '#infra/app-error';
import { countKeyUse, findCredential } from './credential-store';
import type { CredentialRow } from './credential-table';
import { awaitDecision, consumeApproval, requestApproval } from './device-approval';
import { keySpecOfRow } from './credential-service';
import { createSigner, type HashName } from './key-algorithms';
import { commitOpened, openWithSecret, wrapUnderSecret } from './key-secrets';
import { unwrapWithKek, wrappedKekId } from '#infra/key-wrap';
import { wrapAad } from './wrap-aad';
import type { RsspContext } from './rssp-context';

/** How the key's use is authorised (ARCHITECTURE.md "Key custody"). */
export type SigningAuthorisation =
  /** EXPLICIT credentials: the key password (wrong ones count towards KEY_BLOCKED). */
  | { type: 'keyPassword'; keyPassword: string }
  /**
   * IMPLICIT credentials: approval on a registered device (decision 014). Without `approvalId`
   * the call asks the owner's devices and waits up to AUTHORIZATION_TIMEOUT_SECS; with one, it
   * uses that APPROVED approval. Either way the approval must name this credential and exactly
   * these hashes, is unexpired and is used once, before the key is unwrapped.
   */
  | {
      type: 'device';
      approvalId?: string;
      /** Names of the documents, shown on the device. */
      documents?: string[];
      /** The caller went away: the request for approval is cancelled. */
      signal?: AbortSignal;
    };

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
}

export interface SignHashesResult {
  /** Raw signatures in the order of `hashes`: RSA PKCS#1 v1.5, ECDSA DER, SLH-DSA bytes. */
  signatures: Buffer[];
  /** The credential's certificate chain (PEM, end-entity first). */
  certChain: string[];
}

/** At most this many hashes per call. */
export const maxHashesPerCall = 100;

/**
 * The CSC-shaped signHash of the rSSP (the client interface the rDSS calls): checks ownership,
 * activation and purpose, unwraps the private key in memory for this call only (counting a wrong
 * key password), signs every hash and forgets the key.
 */
export async function signHashes(
  ctx: RsspContext,
  request: SignHashesRequest,
): Promise<SignHashesResult> {
  const row = await findCredential(ctx.database.db, request.credentialId);
  if (!row || row.userId !== request.userId) throw notFound('Credential');
  if (row.status !== 'ACTIVATED')
    throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential is not activated');
  if (row.keyPurpose !== 'ASYMMETRIC_SIGN' && row.keyPurpose !== 'AUTHENTICATE') {
    throw new AppError('INVALID_REQUEST', 'The credential is not a signing key');
  }
  if (request.hashes.length === 0 || request.hashes.length > maxHashesPerCall) {
    throw new AppError('INVALID_REQUEST', `Between 1 and ${maxHashesPerCall} hashes per call`);
  }
  let pkcs8: Buffer;
  if (row.authMode === 'EXPLICIT') {
    if (request.authorisation.type !== 'keyPassword') {
      throw new AppError('INVALID_REQUEST', 'This credential is authorised with its key password');
    }
    const opened = await openWithSecret(ctx, row, 'password', request.authorisation.keyPassword);
    pkcs8 = opened.pkcs8;
    try {
      await countKeyUse(ctx.database.db, row.id, { unwraps: 1, signatures: 0 });
      // After a KEK rotation, the password copy moves to the current KEK on its next use.
      const stale = wrappedKekId(opened.blob) !== ctx.ring.current.id;
      const changes = stale
        ? {
            wrappedKeyPassword: await wrapUnderSecret(ctx, {
              id: row.id,
              kind: 'password',
              pkcs8,
              secret: request.authorisation.keyPassword,
            }),
          }
        : {};
      await commitOpened(ctx, { id: row.id, kind: 'password', blob: opened.blob, changes });
    } catch (error) {
      pkcs8.fill(0);
      throw error;
    }
  } else {
    if (request.authorisation.type !== 'device') {
      throw new AppError('INVALID_REQUEST', 'This credential is authorised on a device');
    }
    pkcs8 = await openWithDeviceApproval(ctx, row, request, request.authorisation);
  }
  try {
    const spec = keySpecOfRow(row);
    const signer = createSigner(spec, pkcs8);
    const signatures = request.hashes.map((hash) =>
      spec.keyAlg === 'sphincs+'
        ? signer.sign(hash)
        : signer.signDigest(hash, request.hashAlgorithm),
    );
    await countKeyUse(ctx.database.db, row.id, { unwraps: 0, signatures: signatures.length });
    return { signatures, certChain: row.certChain };
  } finally {
    pkcs8.fill(0);
  }
}

/**
 * IMPLICIT: the device approval for exactly these hashes (asked for and awaited, or given), used
 * once in a transaction that also counts the unwrapping; only after that commits is the key
 * unwrapped from under the KEK. A refused approval leaves the key and its counters untouched.
 */
async function openWithDeviceApproval(
  ctx: RsspContext,
  row: CredentialRow,
  request: SignHashesRequest,
  authorisation: Extract<SigningAuthorisation, { type: 'device' }>,
): Promise<Buffer> {
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
  await ctx.database.db.transaction(async (tx) => {
    await consumeApproval(tx, {
      approvalId: consumed,
      credentialId: row.id,
      userId: row.userId,
      purpose: 'SIGN',
      hashes,
    });
    await countKeyUse(tx, row.id, { unwraps: 1, signatures: 0 });
  });
  if (!row.wrappedKey) throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential has no key');
  return unwrapWithKek(ctx.ring, row.wrappedKey, wrapAad(row.id, 'kek'));
}
