import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { executeNamed, rowsOf } from '#infra/database';
import { AppError, forbidden } from '#infra/app-error';
import { wrappedKekId } from '#infra/keys';
import { noTimings, type Timings } from '#infra/timings';
import { type CredentialRow, findCredential } from '../records';
import {
  attemptsOf,
  commitOpened,
  unwrapCounted,
  type KeyContext,
  type OpenedKey,
} from './key-secrets';
import {
  dropAttempt,
  releaseAttempt,
  releasedPending,
  takeSecretAttempt,
  type SecretAttempt,
} from './secret-attempts';
import {
  authorizeCredential,
  checkHashes,
  checkedRow,
  hashesDigest,
  signingCredentialOf,
  signHashes,
  signWithPkcs8,
  type SignHashesResult,
  type SigningCredential,
} from './sign-hashes';
import type { HashName } from '../keys';

/**
 * A credential on its way to signing hashes not known yet (decision 012, "The key password's KDF
 * beside the prepare"). For an EXPLICIT credential with its key password, the attempt is counted
 * and the KDF started when this is made, so the caller reads and prepares its documents while
 * the key opens; `signHashes` then binds the authorisation to exactly the hashes it is given and
 * uses it at once. A caller that fails before `signHashes` calls `abandon`: the attempt counted is
 * taken back, so the failed call changed nothing (and a killed process's attempt is settled as
 * not wrong, decision 024).
 */
export interface KeySession {
  /** The credential, checked for signing now (as `credentialForSigning`). */
  credential: SigningCredential;
  /**
   * One authorisation for exactly these hashes, used once, and their signatures (in order). A
   * wrong key password is answered here and stays counted toward KEY_BLOCKED. Only once per
   * session. `documents` are the names an IMPLICIT credential's device shows.
   */
  signHashes(
    request: { hashes: Uint8Array[]; hashAlgorithm: HashName; documents: string[] },
    timings?: Timings,
  ): Promise<SignHashesResult>;
  /** The call failed before `signHashes`: the attempt counted is taken back. Idempotent. */
  abandon(): Promise<void>;
}

/**
 * Opens a session: with a key password, the usual case (the owner's activated EXPLICIT
 * credential, not blocked) counts the attempt and reads the row in one statement and starts the
 * KDF; anything else (not found, IMPLICIT, blocked, no key password) reads the credential as
 * `credentialForSigning` does and authorises later the way it always did, so every error is
 * answered where and as it was.
 */
export async function openKeySession(
  ctx: KeyContext,
  request: { credentialId: string; userId: string; keyPassword?: string | undefined },
  timings: Timings = noTimings,
): Promise<KeySession> {
  const db = ctx.database.db;
  const { keyPassword } = request;
  const counted =
    keyPassword === undefined
      ? undefined
      : await timings.measure('database', () =>
          takeSecretAttempt(attemptsOf(ctx), {
            credentialId: request.credentialId,
            kind: 'password',
            signingOwner: request.userId,
          }),
        );
  if (!counted || keyPassword === undefined) {
    const row = checkedRow(
      await timings.measure('database', () => findCredential(db, request.credentialId)),
      request.userId,
    );
    return laterSession(ctx, request, signingCredentialOf(row, new Date()));
  }
  let credential: SigningCredential;
  try {
    credential = signingCredentialOf(counted.row, new Date());
  } catch (error) {
    await releaseAttempt(db, counted.attempt);
    throw error;
  }
  return openedSession(ctx, { ...request, keyPassword }, counted, credential, timings);
}

/** The session of the unusual cases: the authorisation as before, after the prepare. */
function laterSession(
  ctx: KeyContext,
  request: { credentialId: string; userId: string; keyPassword?: string | undefined },
  credential: SigningCredential,
): KeySession {
  return {
    credential,
    async signHashes({ hashes, hashAlgorithm, documents }, timings = noTimings) {
      const base = { credentialId: credential.id, userId: request.userId, hashes, hashAlgorithm };
      const { keyPassword } = request;
      const { sad } = await authorizeCredential(
        ctx,
        {
          ...base,
          authorisation:
            credential.authMode === 'EXPLICIT' && keyPassword !== undefined
              ? { type: 'keyPassword', keyPassword }
              : // IMPLICIT: the owner approves on a device, which shows the documents' names.
                { type: 'device', documents },
        },
        timings,
      );
      return signHashes(ctx, { ...base, authorisation: { type: 'sad', sad } }, timings);
    },
    abandon: async () => undefined,
  };
}

function openedSession(
  ctx: KeyContext,
  request: { credentialId: string; userId: string; keyPassword: string },
  { row: counted, attempt }: { row: CredentialRow; attempt: SecretAttempt },
  credential: SigningCredential,
  sessionTimings: Timings,
): KeySession {
  const db = ctx.database.db;
  const startedAt = Date.now();
  // The KDF runs on libuv's threads from here; its time is `kdf`, the time a caller waits for it
  // once it has nothing else to do is `kdfWait`.
  const opening: Promise<OpenedKey> = unwrapCounted(
    ctx,
    counted,
    'password',
    request.keyPassword,
    attempt,
    sessionTimings,
  );
  // Its failure is met in `signHashes`; an abandoned session's key is wiped when it opens.
  opening.catch(() => undefined);
  let settled = false;
  return {
    credential,
    async abandon() {
      if (settled) return;
      settled = true;
      void opening.then(
        (opened) => opened.pkcs8.fill(0),
        () => undefined,
      );
      await releaseAttempt(db, attempt);
    },
    async signHashes({ hashes, hashAlgorithm, documents }, timings = noTimings) {
      if (settled) throw new Error('A key session signs once');
      // Refused before the session is spent: the caller abandons it, the attempt goes back.
      checkHashes(hashes);
      settled = true;
      // A wrong key password throws here, its attempt counted (KEY_BLOCKED at the last one).
      const opened = await timings.measure('kdfWait', () => opening);
      try {
        const expired = Date.now() - startedAt > ctx.config.AUTHORIZATION_TIMEOUT_SECS * 1000;
        const stale = wrappedKekId(opened.blob) !== ctx.ring.current.id;
        if (expired || stale) {
          // Rare: the attempt goes back and the authorisation is made as it always was (after a
          // KEK rotation that moves the password copy to the current KEK).
          await releaseAttempt(db, attempt);
          if (expired) throw forbidden('The authorisation has expired');
          return await laterSession(ctx, request, credential).signHashes(
            { hashes, hashAlgorithm, documents },
            timings,
          );
        }
        const recording = timings.measure('database', () =>
          authoriseUsedAndCount(ctx, {
            attempt,
            credentialId: counted.id,
            userId: request.userId,
            blob: opened.blob,
            hashesDigest: hashesDigest(hashAlgorithm, hashes),
            numSignatures: hashes.length,
            expiresAt: new Date(startedAt + ctx.config.AUTHORIZATION_TIMEOUT_SECS * 1000),
          }),
        );
        // Met below: a failure while the key signs is not left unhandled meanwhile.
        recording.catch(() => undefined);
        // The key signs while that statement is on its way (decision 051); what it signed is
        // handed out only once the authorisation is recorded, and dropped otherwise. The driver
        // writes the statement a few promise turns from now: one turn of the loop lets it go.
        await new Promise((resolve) => setImmediate(resolve));
        let signed: SignHashesResult | undefined;
        let failure: unknown;
        try {
          signed = timings.measureSync('unwrap', () =>
            signWithPkcs8(counted, opened.pkcs8, { hashes, hashAlgorithm }),
          );
        } catch (error) {
          failure = error;
        }
        const recorded = await recording;
        if (!recorded) {
          // Something changed meanwhile: commitOpened says what (the password changed, blocked
          // for good); a credential no longer signing is answered as credentialForSigning would.
          const row = await commitOpened(ctx, {
            id: counted.id,
            kind: 'password',
            blob: opened.blob,
            attempt,
          });
          checkedRow(row, request.userId);
          throw new AppError('INVALID_REQUEST', 'The credential changed meanwhile; try again');
        }
        if (!signed) throw failure;
        return signed;
      } catch (error) {
        // Whatever failed, a right password is not a wrong attempt (no-op once it ended).
        await releaseAttempt(db, attempt);
        throw error;
      } finally {
        opened.pkcs8.fill(0);
      }
    },
  };
}

/**
 * The end of a key password's authorisation when the key is already open in this call, in one
 * statement: the count of wrong passwords back to 0 (only when the wrapped key opened is still
 * the stored one, the credential still the owner's, activated and not blocked for good), the
 * authorisation recorded bound to these hashes and used at once (no sealed key: nothing is left
 * to take), the key's use counted and the attempt ended. False when that did not hold: nothing
 * was written.
 */
async function authoriseUsedAndCount(
  ctx: KeyContext,
  values: {
    attempt: SecretAttempt;
    credentialId: string;
    userId: string;
    blob: string;
    hashesDigest: string;
    numSignatures: number;
    expiresAt: Date;
  },
): Promise<boolean> {
  // Every sign call runs it: parsed once per connection on a server (decision 025).
  const result = await executeNamed(
    ctx.database.db,
    'sign_authorise',
    sql`
    with reset as (
      update rssp.credentials set failed_password_attempts = 0, updated_at = now(),
        ${releasedPending(values.attempt)},
        key_unwrap_count = key_unwrap_count + 1,
        signature_count = signature_count + ${values.numSignatures}::integer,
        last_used_at = now()
      where id = ${values.credentialId}
        and user_id = ${values.userId}
        and status = 'ACTIVATED'
        and wrapped_key_password = ${values.blob}
        and failed_puk_attempts < ${ctx.config.PUK_MAX_ATTEMPTS}
        and ${values.expiresAt.toISOString()}::timestamptz > now()
      returning id
    ), ended as (${dropAttempt(values.attempt, sql`reset`)})
    insert into rssp.signing_authorisations
      (id, credential_id, user_id, kind, hashes_digest, num_signatures, sealed_key, expires_at,
        used_at)
    select ${randomUUID()}::uuid, reset.id, ${values.userId}::uuid, 'keyPassword',
      ${values.hashesDigest}::text, ${values.numSignatures}::integer, null,
      ${values.expiresAt.toISOString()}::timestamptz, now()
    from reset
    returning id`,
  );
  return rowsOf(result).length === 1;
}
