import { AppError, notFound } from '#infra/app-error';
import type { Tx } from '#infra/database';
import { type CredentialRow, findCredential, lockCredential, updateCredential } from '../records';
import { unwrapWithSecret, wrapWithSecret } from '#infra/keys';
import { noTimings, type Timings } from '#infra/timings';
import type { RsspContext } from '../context';
import {
  countWrongAttempt,
  releaseAttempt,
  takeSecretAttempt,
  type AttemptContext,
  type SecretAttempt,
} from './secret-attempts';
import { crashForTest } from './test-crash';

/** What opening and wrapping keys take of the rSSP's context. */
export type KeyContext = Pick<RsspContext, 'config' | 'database' | 'ring' | 'events' | 'presence'>;

/** What counting attempts takes of it (secret-attempts.ts). */
export function attemptsOf(ctx: KeyContext): AttemptContext {
  return {
    db: ctx.database.db,
    presence: ctx.presence,
    maxPassword: ctx.config.KEY_PASSWORD_MAX_ATTEMPTS,
    maxPuk: ctx.config.PUK_MAX_ATTEMPTS,
  };
}

import { wrapAad, type SecretKind } from '../keys';

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

/** The key opened with a secret, the wrapped blob it came from, and its attempt (still pending). */
export interface OpenedKey {
  pkcs8: Buffer;
  blob: string;
  attempt: SecretAttempt;
}

/**
 * Opens the private key of an activated EXPLICIT credential with its key password or PUK,
 * counting the attempt first as pending (secret-attempts.ts `takeSecretAttempt`): a wrong secret
 * stays counted, and at the maximum the answer is KEY_BLOCKED (for the password: until unlocked
 * with the PUK; for the PUK: for good). The right secret after the maximum fails too. On success
 * the caller must `commitOpened` (which resets the count and ends the attempt) in the same call.
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
    takeSecretAttempt(attemptsOf(ctx), { credentialId: row.id, kind }),
  );
  if (taken === undefined) {
    const now = await findCredential(ctx.database.db, row.id);
    if (!now) throw notFound('Credential');
    throw isBlockedForGood(ctx, now) ? blockedForGood() : blockedUntilUnlock();
  }
  return unwrapCounted(ctx, taken.row, kind, secret, taken.attempt, timings);
}

/**
 * The KDF of an attempt already counted as pending: the opened key (its attempt still pending,
 * for the caller to end with the reset), or INCORRECT_KEYPASSWORD_OR_PUK with the attempt
 * counted wrong (KEY_BLOCKED when that was the last one). Anything else ends the attempt as not
 * wrong. A process killed anywhere in here leaves the attempt pending, settled as not wrong.
 */
export async function unwrapCounted(
  ctx: KeyContext,
  row: CredentialRow,
  kind: SecretKind,
  secret: string,
  attempt: SecretAttempt,
  timings: Timings = noTimings,
): Promise<OpenedKey> {
  const db = ctx.database.db;
  const blob = kind === 'password' ? row.wrappedKeyPassword : row.wrappedKeyPuk;
  let pkcs8: Buffer | null;
  try {
    if (!blob) throw new AppError('CREDENTIAL_NOT_ACTIVATED', 'The credential is not activated');
    pkcs8 = await timings.measure('kdf', () => {
      const opening = unwrapWithSecret({
        ring: ctx.ring,
        blob,
        secret,
        aad: wrapAad(row.id, kind),
      });
      crashForTest('kdf');
      return opening;
    });
  } catch (error) {
    await releaseAttempt(db, attempt);
    throw error;
  }
  crashForTest('opened');
  if (ctx.presence.epoch !== attempt.epoch) {
    // This process lost its presence lock meanwhile: another instance may have settled the
    // attempt as not wrong, so its result is not told (decision 024).
    pkcs8?.fill(0);
    await releaseAttempt(db, attempt);
    throw new AppError('SERVICE_UNAVAILABLE', 'The database connection was lost; try again');
  }
  if (pkcs8) return { pkcs8, blob: blob ?? '', attempt };
  const failed = await timings.measure('database', () => countWrongAttempt(db, attempt));
  const max =
    kind === 'password' ? ctx.config.KEY_PASSWORD_MAX_ATTEMPTS : ctx.config.PUK_MAX_ATTEMPTS;
  if (failed === undefined || failed < max) throw incorrect();
  throw kind === 'password' ? blockedUntilUnlock() : blockedForGood();
}

/**
 * Commits a successful opening: under the row lock, checks that the wrapped key used is still
 * the stored one (no concurrent change) and the credential not blocked for good, resets the
 * counter of that secret, applies `changes` and ends the attempt. Refused, the attempt ends as
 * not wrong (the secret was right).
 */
export async function commitOpened(
  ctx: KeyContext,
  options: {
    id: string;
    kind: SecretKind;
    blob: string;
    attempt: SecretAttempt;
    changes?: Partial<
      Pick<CredentialRow, 'wrappedKeyPassword' | 'wrappedKeyPuk' | 'failedPasswordAttempts'>
    >;
  },
): Promise<CredentialRow> {
  try {
    return await ctx.database.db.transaction(async (tx: Tx) => {
      const locked = await lockCredential(tx, options.id);
      if (!locked) throw notFound('Credential');
      const stored = options.kind === 'password' ? locked.wrappedKeyPassword : locked.wrappedKeyPuk;
      if (stored !== options.blob) {
        throw new AppError(
          'INVALID_REQUEST',
          'The key password or PUK changed meanwhile; try again',
        );
      }
      if (options.kind === 'password' && isBlockedForGood(ctx, locked)) throw blockedForGood();
      const reset =
        options.kind === 'password' ? { failedPasswordAttempts: 0 } : { failedPukAttempts: 0 };
      await releaseAttempt(tx, options.attempt);
      const row = await updateCredential(tx, options.id, { ...reset, ...options.changes });
      if (!row) throw notFound('Credential');
      return row;
    });
  } catch (error) {
    await releaseAttempt(ctx.database.db, options.attempt);
    throw error;
  }
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
