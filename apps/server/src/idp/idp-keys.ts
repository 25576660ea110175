import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '#infra/database';
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

async function readSecret<T>(db: Db, name: string): Promise<T | null> {
  const rows = await db.select().from(secrets).where(eq(secrets.name, name)).limit(1);
  return rows[0] ? (rows[0].value as T) : null;
}

/** Stores a secret unless another instance stored it first; returns the one stored. */
async function ensureSecret<T>(db: Db, name: string, create: () => Promise<T>): Promise<T> {
  const existing = await readSecret<T>(db, name);
  if (existing) return existing;
  await db
    .insert(secrets)
    .values({ name, value: await create() })
    .onConflictDoNothing();
  const stored = await readSecret<T>(db, name);
  if (!stored) throw new Error(`idp secret ${name} could not be stored`);
  return stored;
}

/** Loads the provider's keys, generating them on first start (race-safe across instances). */
export async function ensureIdpSecrets(db: Db): Promise<IdpSecrets> {
  const signingKeys = await ensureSecret(db, signingKeysName, async () => [
    await createSigningKey(),
  ]);
  const cookieKeys = await ensureSecret(db, cookieKeysName, async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { signingKeys, cookieKeys };
}

/** The public halves of the provider's signing keys (empty before the provider first started). */
export async function loadIdpPublicJwks(db: Db): Promise<{ keys: JWK[] }> {
  const keys = (await readSecret<JWK[]>(db, signingKeysName)) ?? [];
  return {
    keys: keys.map(({ kty, n, e, crv, x, y, kid, alg, use }) =>
      Object.fromEntries(
        Object.entries({ kty, n, e, crv, x, y, kid, alg, use }).filter(([, v]) => v !== undefined),
      ),
    ),
  };
}
