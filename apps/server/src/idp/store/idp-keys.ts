import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Db } from '#infra/database';
import { type KeyRing, unwrapWithKek, wrapWithKek, wrappedKekId } from '#infra/keys';
import { secrets } from './idp-schema';

/** The audience of access tokens the embedded provider issues for Signet's APIs. */
export const apiResource = 'urn:signet:api';

export interface IdpSecrets {
  /** Private signing keys (JWK), newest first. */
  signingKeys: JWK[];
  /** Keys that sign the provider's cookies, newest first. */
  cookieKeys: string[];
}

const signingKeysName = 'signing-keys';
const cookieKeysName = 'cookie-keys';

async function createSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' };
}

/** How a secret is stored: its JSON wrapped under the key-encryption key (AES-256-GCM). */
const storedSecretSchema = z.object({ wrapped: z.string() });

const secretAad = (name: string): string => `idp-secret|${name}`;

interface StoredSecret<T> {
  value: T;
  /** Stored in clear (from before secrets were wrapped) or under a KEK since retired. */
  needsRewrap: boolean;
  /** The row as read, to rewrap only what is still there. */
  raw: unknown;
}

/** Reads and unwraps a secret; reading never writes. */
async function readStoredSecret<T>(
  db: Db,
  ring: KeyRing,
  name: string,
): Promise<StoredSecret<T> | null> {
  const rows = await db.select().from(secrets).where(eq(secrets.name, name)).limit(1);
  const row = rows[0];
  if (!row) return null;
  const stored = storedSecretSchema.safeParse(row.value);
  if (!stored.success) return { value: row.value as T, needsRewrap: true, raw: row.value };
  return {
    value: JSON.parse(
      unwrapWithKek(ring, stored.data.wrapped, secretAad(name)).toString('utf8'),
    ) as T,
    needsRewrap: wrappedKekId(stored.data.wrapped) !== ring.current.id,
    raw: row.value,
  };
}

/**
 * Wraps a secret read in clear or under a retired KEK under the current KEK, only if the row still
 * holds what was read, so instances starting together do not clash.
 */
async function rewrapSecret<T>(db: Db, ring: KeyRing, name: string, secret: StoredSecret<T>) {
  await db
    .update(secrets)
    .set({ value: wrapSecret(ring, name, secret.value) })
    .where(
      and(eq(secrets.name, name), sql`${secrets.value} = ${JSON.stringify(secret.raw)}::jsonb`),
    );
}

function wrapSecret(
  ring: KeyRing,
  name: string,
  value: unknown,
): z.infer<typeof storedSecretSchema> {
  return {
    wrapped: wrapWithKek(ring, Buffer.from(JSON.stringify(value), 'utf8'), secretAad(name)),
  };
}

/**
 * At start: stores a secret unless another instance stored it first, and wraps one found in clear
 * or under a retired KEK under the current KEK. Returns the secret.
 */
async function ensureSecret<T>(
  db: Db,
  ring: KeyRing,
  name: string,
  create: () => Promise<T>,
): Promise<T> {
  const existing = await readStoredSecret<T>(db, ring, name);
  if (existing) {
    if (existing.needsRewrap) await rewrapSecret(db, ring, name, existing);
    return existing.value;
  }
  await db
    .insert(secrets)
    .values({ name, value: wrapSecret(ring, name, await create()) })
    .onConflictDoNothing();
  const stored = await readStoredSecret<T>(db, ring, name);
  if (!stored) throw new Error(`idp secret ${name} could not be stored`);
  return stored.value;
}

/** Loads the provider's keys, generating them on first start (race-safe across instances). */
export async function ensureIdpSecrets(db: Db, ring: KeyRing): Promise<IdpSecrets> {
  const signingKeys = await ensureSecret(db, ring, signingKeysName, async () => [
    await createSigningKey(),
  ]);
  const cookieKeys = await ensureSecret(db, ring, cookieKeysName, async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { signingKeys, cookieKeys };
}

/** The public halves of the provider's signing keys (empty before the provider first started). */
export async function loadIdpPublicJwks(db: Db, ring: KeyRing): Promise<{ keys: JWK[] }> {
  const keys = (await readStoredSecret<JWK[]>(db, ring, signingKeysName))?.value ?? [];
  return {
    keys: keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
