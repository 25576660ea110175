import { createHash, createPublicKey, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import { createRsspContext } from '#rssp/create-rssp-context';
import type { RsspContext } from '#rssp/context/rssp-context';
import { authorizeCredential, signHashes } from '#rssp/custody/sign-hashes';
import { createRsspTestApp, fastKdfEnv, keyPassword, type Person } from './rssp-fixture';
import { activatedCredential } from './signing-fixture';
import type { TestApp } from './test-app';

describe('rSSP signing authorisations (SAD)', () => {
  let t: TestApp;
  let ann: Person;
  let bob: Person;
  let ctx: RsspContext;
  let key: Credential;
  const data = [Buffer.from('signed attributes 1'), Buffer.from('signed attributes 2')];
  const hashes = data.map((d) => createHash('sha256').update(d).digest());

  beforeAll(async () => {
    ({ t, ann, bob } = await createRsspTestApp(fastKdfEnv));
    ctx = await createRsspContext(t.context);
    key = await activatedCredential(t, ann, { keyAlg: 'rsa', rsaKeySize: 2048 });
  }, 60_000);
  afterAll(() => t.close());

  const authorise = (forHashes: Uint8Array[] = hashes) =>
    authorizeCredential(ctx, {
      credentialId: key.id,
      userId: ann.id,
      hashes: forHashes,
      hashAlgorithm: 'sha256',
      authorisation: { type: 'keyPassword', keyPassword },
    });
  const signWith = (sad: string, forHashes: Uint8Array[] = hashes, userId = ann.id) =>
    signHashes(ctx, {
      credentialId: key.id,
      userId,
      hashes: forHashes,
      hashAlgorithm: 'sha256',
      authorisation: { type: 'sad', sad },
    });

  it('signs exactly the hashes authorised, once', async () => {
    const { sad, expiresAt } = await authorise();
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(100_000);
    const { signatures, certChain } = await signWith(sad);
    const publicKey = createPublicKey(certChain[0] ?? '');
    data.forEach((d, i) => expect(verify('sha256', d, publicKey, signatures[i]!)).toBe(true));
    await expect(signWith(sad)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // Nothing of the key stays behind once it is used.
    const [row] = (
      (await t.context.database.db.execute(
        sql`select sealed_key, used_at from rssp.signing_authorisations where id = ${sad.split('.')[0]}`,
      )) as unknown as { rows: { sealed_key: string | null; used_at: Date | null }[] }
    ).rows;
    expect(row).toMatchObject({ sealed_key: null });
    expect(row?.used_at).not.toBeNull();
  });

  it('refuses other hashes, another order, a subset, another user, a forged secret', async () => {
    const other = createHash('sha256').update('something else').digest();
    for (const forHashes of [[other, hashes[1]!], [...hashes].reverse(), [hashes[0]!]]) {
      const { sad } = await authorise();
      await expect(signWith(sad, forHashes)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      // The right hashes still work: a refused presentation does not spend it.
      await expect(signWith(sad)).resolves.toMatchObject({ signatures: expect.any(Array) });
    }
    const { sad } = await authorise();
    await expect(signWith(sad, hashes, bob.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const [id] = sad.split('.');
    await expect(signWith(`${id}.${'A'.repeat(43)}`)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(signWith('not-a-sad')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('expires after AUTHORIZATION_TIMEOUT_SECS', async () => {
    const { sad } = await authorise();
    await t.context.database.db.execute(
      sql`update rssp.signing_authorisations set expires_at = now() - interval '1 second' where id = ${sad.split('.')[0]}`,
    );
    await expect(signWith(sad)).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'The authorisation has expired',
    });
  });

  it('two presentations of one SAD at the same moment sign once', async () => {
    const { sad } = await authorise();
    const outcomes = await Promise.allSettled([signWith(sad), signWith(sad), signWith(sad)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('a wrong key password authorises nothing and counts', async () => {
    await expect(
      authorizeCredential(ctx, {
        credentialId: key.id,
        userId: ann.id,
        hashes,
        hashAlgorithm: 'sha256',
        authorisation: { type: 'keyPassword', keyPassword: '999999' },
      }),
    ).rejects.toMatchObject({ code: 'INCORRECT_KEYPASSWORD_OR_PUK' });
  });
});
