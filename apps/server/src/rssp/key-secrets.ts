import { AppError, notFound } from '#infra/app-error';
import type { Tx } from '#infra/database';
import type { CredentialRow } from './credential-table';
import { findCredential, lockCredential, takeAttempt, updateCredential } from './credential-store';
import { unwrapWithSecret, wrapWithSecret } from '#infra/key-wrap';
import { noTimings, type Timings } from '#infra/timings';
import type { RsspContext } from './rssp-context';

/** What opening and wrapping keys take of the rSSP's context. */
export type KeyContext = Pick<RsspContext, 'config' | 'database' | 'ring' | 'events'>;

import { wrapAad, type SecretKind } from './wrap-aad';

export const blockedForGood = () =>
  new AppError(
    'KEY_BLOCKED',
    'Too many wrong PUKs: the credential is blocked for good and can only be deleted',
  );
const blockedUntilUnlock = () =>
  new AppError('KEY_BLOCKED', 'Too many wrong key passwords: unlock the credential with its PUK');
const incorrect = () =>
  new AppError('INCORRECT_KEYPASSWORD_OR_PUK', 'Incorrect key password or PUK');

export function isBlockedForGood(ctx: KeyContext, row: CredentialRow): boolean {
  return row.failedPukAttempts >= ctx.config.PUK_MAX_ATTEMPTS;
}

/** The key opened with a secret, and the wrapped blob it came from. */
export interface OpenedKey {
  pkcs8: Buffer;
  blob: string;
}

/**
 * Opens the private key of an activated EXPLICIT credential with its key password or PUK,
 * counting the attempt first (credential-store `takeAttempt`): a wrong secret keeps the count,
 * and at the maximum the answer is KEY_BLOCKED (for the password: until unlocked with the PUK;
 * for the PUK: for good). The right secret after the maximum fails too. On success the caller
 * must `commitOpened` (which resets the count) in the same call.
 */
export async function openWithSecret(
  ctx: KeyContext,
  row: CredentialRow,
  kind: SecretKind,
  secret: string,
  /** Where the time goes: the KDF as `kdf`, the counting as `database`. */
  timings: Timings = noTimings,
): Promise<OpenedKey> {
  const blob = kind === 'password' ? row.wrappedKeyPassword : row.wrappedKeyPuk;
  if (row.status !== 'ACTIVATED' || !blob) {
    throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential is not activated');
  }
  if (isBlockedForGood(ctx, row)) throw blockedForGood();
  const taken = await timings.measure('database', () =>
    takeAttempt(ctx.database.db, {
      id: row.id,
      kind,
      maxPassword: ctx.config.KEY_PASSWORD_MAX_ATTEMPTS,
      maxPuk: ctx.config.PUK_MAX_ATTEMPTS,
    }),
  );
  if (taken === undefined) {
    const now = await findCredential(ctx.database.db, row.id);
    if (!now) throw notFound('Credential');
    throw isBlockedForGood(ctx, now) ? blockedForGood() : blockedUntilUnlock();
  }
  return unwrapCounted(ctx, row, kind, secret, taken, timings);
}

/**
 * The KDF of an attempt already counted (`taken`: the count with it): the opened key, or
 * INCORRECT_KEYPASSWORD_OR_PUK (KEY_BLOCKED when that was the last attempt).
 */
export async function unwrapCounted(
  ctx: KeyContext,
  row: CredentialRow,
  kind: SecretKind,
  secret: string,
  taken: number,
  timings: Timings = noTimings,
): Promise<OpenedKey> {
  const blob = kind === 'password' ? row.wrappedKeyPassword : row.wrappedKeyPuk;
  if (!blob) throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential is not activated');
  const max =
    kind === 'password' ? ctx.config.KEY_PASSWORD_MAX_ATTEMPTS : ctx.config.PUK_MAX_ATTEMPTS;
  const pkcs8 = await timings.measure('kdf', () =>
    unwrapWithSecret({
      ring: ctx.ring,
      blob,
      secret,
      aad: wrapAad(row.id, kind),
    }),
  );
  if (!pkcs8) {
    if (taken < max) throw incorrect();
    throw kind === 'password' ? blockedUntilUnlock() : blockedForGood();
  }
  return { pkcs8, blob };
}

/**
 * Commits a successful opening: under the row lock, checks that the wrapped key used is still
 * the stored one (no concurrent change) and the credential not blocked for good, resets the
 * counter of that secret and applies `changes`.
 */
export async function commitOpened(
  ctx: KeyContext,
  options: {
    id: string;
    kind: SecretKind;
    blob: string;
    changes?: Partial<
      Pick<CredentialRow, 'wrappedKeyPassword' | 'wrappedKeyPuk' | 'failedPasswordAttempts'>
    >;
  },
): Promise<CredentialRow> {
  return ctx.database.db.transaction(async (tx: Tx) => {
    const locked = await lockCredential(tx, options.id);
    if (!locked) throw notFound('Credential');
    const stored = options.kind === 'password' ? locked.wrappedKeyPassword : locked.wrappedKeyPuk;
    if (stored !== options.blob) {
      throw new AppError('INVALID_REQUEST', 'The key password or PUK changed meanwhile; try again');
    }
    if (options.kind === 'password' && isBlockedForGood(ctx, locked)) throw blockedForGood();
    const reset =
      options.kind === 'password' ? { failedPasswordAttempts: 0 } : { failedPukAttempts: 0 };
    const row = await updateCredential(tx, options.id, { ...reset, ...options.changes });
    if (!row) throw notFound('Credential');
    return row;
  });
}

/** Wraps a key under a new secret (scrypt with the configured cost, then HKDF with the KEK). */
export function wrapUnderSecret(
  ctx: KeyContext,
  options: { id: string; kind: SecretKind; pkcs8: Buffer; secret: string },
): Promise<string> {
  return wrapWithSecret({
    ring: ctx.ring,
    plaintext: options.pkcs8,
    secret: options.secret,
    aad: wrapAad(options.id, options.kind),
    logN: ctx.config.KDF_SCRYPT_LOG2_N,
  });
}
