import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '#infra/database/database';
import { keyRingOf, loadKeyRing } from '#infra/keys/kek';
import { wrappedKekId } from '#infra/keys/key-wrap';
import { migrate } from '#infra/database/migrations';
import { ensureIdpSecrets, loadIdpPublicJwks } from '#idp/store/idp-keys';
import { secrets } from '#idp/store/idp-schema';

const storedValue = async (database: Database, name: string): Promise<unknown> => {
  const [row] = await database.db.select().from(secrets).where(eq(secrets.name, name));
  return row?.value;
};

describe('identity provider secrets', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null });
    await migrate(database);
  });
  afterAll(() => database.close());

  it('keeps the signing and cookie keys wrapped under the KEK, wraps old plain rows, and follows a KEK rotation', async () => {
    const oldKek = randomBytes(32).toString('base64');
    const newKek = randomBytes(32).toString('base64');
    // A row as stored before secrets were wrapped.
    const plainCookieKeys = [randomBytes(32).toString('base64url')];
    await database.db.insert(secrets).values({ name: 'cookie-keys', value: plainCookieKeys });

    const first = await ensureIdpSecrets(database.db, keyRingOf(oldKek));
    expect(first.cookieKeys).toEqual(plainCookieKeys);
    const signingKey = first.signingKeys[0];
    expect(signingKey?.d).toBeTruthy();
    for (const name of ['signing-keys', 'cookie-keys']) {
      const stored = JSON.stringify(await storedValue(database, name));
      expect(stored).toMatch(/^\{"wrapped":/);
      expect(stored).not.toContain(plainCookieKeys[0]);
      expect(stored).not.toContain(signingKey?.d);
    }

    // Another KEK alone cannot open them; during a rotation they move to the new one.
    await expect(ensureIdpSecrets(database.db, keyRingOf(newKek))).rejects.toThrow(
      /key-encryption key/,
    );
    const rotating = loadKeyRing({
      KEY_ENCRYPTION_KEY: newKek,
      KEY_ENCRYPTION_KEY_PREVIOUS: oldKek,
      dataDir: '',
    });
    expect(await ensureIdpSecrets(database.db, rotating)).toEqual(first);
    const stored = (await storedValue(database, 'signing-keys')) as { wrapped: string };
    expect(wrappedKekId(stored.wrapped)).toBe(keyRingOf(newKek).current.id);
    expect(await ensureIdpSecrets(database.db, keyRingOf(newKek))).toEqual(first);

    // The verifier's view holds the public half only.
    const { keys } = await loadIdpPublicJwks(database.db, keyRingOf(newKek));
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kid: signingKey?.kid, n: signingKey?.n, e: signingKey?.e });
    expect(keys[0]?.d).toBeUndefined();
  });
});
