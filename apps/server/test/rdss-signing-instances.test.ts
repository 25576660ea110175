import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import { describeOnPostgres } from './describe-on-postgres';
import { bootstrap, fastKdfEnv, person, post, rsspTestEnv, type Person } from './rssp-fixture';
import {
  activatedCredential,
  checkSignedPdf,
  createChain,
  download,
  signBody,
  trustEmbeddedCa,
} from './signing-fixture';
import { createTestApp, type TestApp } from './test-app';
import { createTestDatabase, type TestDatabase } from './test-database';

/**
 * Two server instances on one PostgreSQL: their signers of one unordered chain do not share the
 * in-process turns, so the commit's version check decides, and the loser prepares on the new
 * revision and signs again. Every signature ends up in the chain, each valid.
 */
describeOnPostgres('signing from two server instances on one database', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  const signers: Person[] = [];
  const keys: Credential[] = [];
  let nss: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = { ...rsspTestEnv, ...fastKdfEnv };
    one = await createTestApp({ env, databaseUrl: database.url });
    two = await createTestApp({ env, databaseUrl: database.url });
    await bootstrap(one);
    for (let i = 0; i < 6; i++) {
      const who = await person(one, `signer${i}@example.com`);
      signers.push(who);
      keys.push(await activatedCredential(one, who));
    }
    nss = await trustEmbeddedCa(one);
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.drop();
  });

  it('six signers pressing Sign at once on two instances all sign, each signature valid', async () => {
    const chain: Chain = await createChain(one, signers[0]!, {
      type: 'UNORDERED',
      signers: signers.map((s) => ({ email: s.email })),
    });
    const answers = await Promise.all(
      signers.map((who, i) =>
        post(
          i % 2 === 0 ? one : two,
          who,
          '/rdss/v1/signatures/sign',
          signBody(chain, who, keys[i]!),
        ),
      ),
    );
    expect(
      answers.map((a) => a.statusCode),
      answers.map((a) => a.body).join('\n'),
    ).toEqual(signers.map(() => 200));
    const done = (
      await one.app.inject({
        url: `/rdss/v1/signatureChains/${chain.id}`,
        headers: signers[0]!.headers,
      })
    ).json<Chain>();
    expect(done.status).toBe('DONE');
    const checked = await checkSignedPdf(
      nss,
      await download(two, signers[1]!, done.signedDocument!.id),
    );
    expect(checked.signatures).toHaveLength(6);
    expect(checked.signatures.every((s) => s.valid && s.trusted)).toBe(true);
    expect(checked.qpdf, checked.qpdfOutput).toBe(0);
  }, 120_000);
});
