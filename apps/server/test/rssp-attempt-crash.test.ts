import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Chain } from '@signet/contracts/chains';
import type { Credential } from '@signet/contracts/credentials';
import type { SignResult } from '@signet/contracts/signatures';
import { rowsOf } from '#infra/database/json-rows';
import { runChild } from './crash-child';
import { describeOnPostgres } from './describe-on-postgres';
import {
  bootstrap,
  fastKdfEnv,
  keyPassword,
  person,
  post,
  puk,
  rsspTestEnv,
  type Person,
} from './rssp-fixture';
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

const env = { ...rsspTestEnv, ...fastKdfEnv };
/** Alternately during the KDF and after it (rssp/test-crash.ts), six times: one more than the maximum. */
const kills = ['kdf', 'opened', 'kdf', 'opened', 'kdf', 'opened'] as const;

async function counters(t: TestApp, id: string) {
  const result = await t.context.database.db.execute(sql`
    select failed_password_attempts as password, failed_puk_attempts as puk,
      pending_password_attempts + pending_puk_attempts as pending,
      (select count(*) from rssp.secret_attempts where credential_id = ${id})::int as recorded
    from rssp.credentials where id = ${id}`);
  const [row] = rowsOf<{ password: number; puk: number; pending: number; recorded: number }>(
    result,
  );
  return {
    password: Number(row?.password),
    puk: Number(row?.puk),
    pending: Number(row?.pending),
    recorded: Number(row?.recorded),
  };
}

/**
 * A server killed (SIGKILL) while it tries the RIGHT key password or PUK, again and again, never
 * blocks the key: each attempt was pending under the killed process's presence lock and is
 * settled as not wrong (decision 024). `where` opens the database again after the kills: the same
 * data folder (the embedded default), or another instance on the same PostgreSQL.
 */
function killedWhileOpening(
  where: () => Promise<{
    open: () => Promise<TestApp>;
    child: { dataDir?: string; databaseUrl?: string };
    cleanUp: () => Promise<void>;
  }>,
) {
  let open: () => Promise<TestApp>;
  let child: { dataDir?: string; databaseUrl?: string };
  let cleanUp: () => Promise<void>;
  let bob: Person;
  let bobsKey: Credential;
  let pukKey: Credential;
  let chain: Chain;
  let nss: string;

  beforeAll(async () => {
    ({ open, child, cleanUp } = await where());
    const t = await open();
    try {
      await bootstrap(t);
      const ann = await person(t, 'ann@example.com');
      bob = await person(t, 'bob@example.com');
      bobsKey = await activatedCredential(t, bob);
      pukKey = await activatedCredential(t, bob);
      nss = await trustEmbeddedCa(t);
      chain = await createChain(t, ann, { type: 'ORDERED', signers: [{ email: bob.email }] });
    } finally {
      await t.close();
    }
  }, 300_000);
  afterAll(() => cleanUp());

  it('six kills while signing with the right key password leave the key unblocked, and it signs afterwards', async () => {
    for (const [i, point] of kills.entries()) {
      const killed = await runChild({
        env,
        ...child,
        token: bob.headers.authorization.replace('Bearer ', ''),
        body: signBody(chain, bob, bobsKey),
        crashAt: point,
      });
      // Killed each time: never answered KEY_BLOCKED instead (the old count would after five).
      expect(killed.signal, `kill ${i + 1} at ${point}: ${killed.output}`).toBe('SIGKILL');
    }
    const t = await open();
    try {
      const view = await t.app.inject({
        url: `/rssp/v1/credentials/${bobsKey.id}`,
        headers: bob.headers,
      });
      expect(view.json()).toMatchObject({ keyBlocked: false, pukBlocked: false });
      expect(await counters(t, bobsKey.id)).toEqual({
        password: 0,
        puk: 0,
        pending: 0,
        recorded: 0,
      });
      const signed = await post(t, bob, '/rdss/v1/signatures/sign', signBody(chain, bob, bobsKey));
      expect(signed.statusCode, signed.body).toBe(200);
      const bytes = await download(t, bob, signed.json<SignResult>()[0]!.signedDocument.id);
      expect((await checkSignedPdf(nss, bytes)).signatures).toEqual([
        expect.objectContaining({ valid: true, trusted: true }),
      ]);
      // Wrong ones still count after all this: one wrong, one counted.
      const wrong = await post(t, bob, `/rssp/v1/credentials/${bobsKey.id}/changePassword`, {
        oldKeyPassword: '999999',
        newKeyPassword: '999999',
      });
      expect(wrong.json()).toMatchObject({ code: 'INCORRECT_KEYPASSWORD_OR_PUK' });
      expect(await counters(t, bobsKey.id)).toMatchObject({ password: 1, pending: 0 });
    } finally {
      await t.close();
    }
  }, 600_000);

  it('four kills while unlocking with the right PUK leave it unblocked (3 is the maximum), and it unlocks afterwards', async () => {
    for (const [i, point] of kills.slice(0, 4).entries()) {
      const killed = await runChild({
        env,
        ...child,
        token: bob.headers.authorization.replace('Bearer ', ''),
        url: `/rssp/v1/credentials/${pukKey.id}/unlock`,
        body: { keyPuk: puk, newKeyPassword: '135790' },
        crashAt: point,
      });
      expect(killed.signal, `kill ${i + 1} at ${point}: ${killed.output}`).toBe('SIGKILL');
    }
    const t = await open();
    try {
      expect(await counters(t, pukKey.id)).toEqual({
        password: 0,
        puk: 0,
        pending: 0,
        recorded: 0,
      });
      const unlocked = await post(t, bob, `/rssp/v1/credentials/${pukKey.id}/unlock`, {
        keyPuk: puk,
        newKeyPassword: '135790',
      });
      expect(unlocked.statusCode, unlocked.body).toBe(200);
      expect(unlocked.json()).toMatchObject({ keyBlocked: false, pukBlocked: false });
      // The key password the unlock set opens the key; the old one no longer does.
      const changed = await post(t, bob, `/rssp/v1/credentials/${pukKey.id}/changePassword`, {
        oldKeyPassword: '135790',
        newKeyPassword: keyPassword,
      });
      expect(changed.statusCode, changed.body).toBe(200);
    } finally {
      await t.close();
    }
  }, 600_000);
}

describe('a server killed while it opens a key, on the embedded database', () => {
  killedWhileOpening(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'signet-attempts-'));
    return {
      open: () => createTestApp({ env, dataDir }),
      child: { dataDir },
      cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  });
});

describeOnPostgres(
  'a server killed while it opens a key, on PostgreSQL beside a live instance',
  () => {
    killedWhileOpening(async () => {
      const database = await createTestDatabase();
      // Another instance stays up all along: the killed ones are told apart by their presence lock.
      const live = await createTestApp({ env, databaseUrl: database.url! });
      return {
        open: () => createTestApp({ env, databaseUrl: database.url! }),
        child: { databaseUrl: database.url! },
        cleanUp: async () => {
          await live.close();
          await database.drop();
        },
      };
    });
  },
);

/**
 * Two instances on one PostgreSQL share one exact count: 50 wrong key passwords (or PUKs) sent at
 * once, half to each, try exactly the maximum and block.
 */
describeOnPostgres('parallel wrong secrets on two instances of one database', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let ann: Person;

  beforeAll(async () => {
    database = await createTestDatabase();
    one = await createTestApp({ env, databaseUrl: database.url });
    two = await createTestApp({ env, databaseUrl: database.url });
    await bootstrap(one);
    ann = await person(one, 'ann@example.com');
  }, 120_000);
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.drop();
  });

  const codesOf = (answers: { json: <T>() => T }[]) => {
    const codes = answers.map((a) => a.json<{ code: string }>().code);
    return {
      incorrect: codes.filter((c) => c === 'INCORRECT_KEYPASSWORD_OR_PUK').length,
      blocked: codes.filter((c) => c === 'KEY_BLOCKED').length,
    };
  };

  it('50 wrong key passwords at once: 4 wrong, 46 KEY_BLOCKED, exactly 5 counted', async () => {
    const key = await activatedCredential(one, ann);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(i % 2 ? one : two, ann, `/rssp/v1/credentials/${key.id}/changePassword`, {
          oldKeyPassword: '999999',
          newKeyPassword: '999999',
        }),
      ),
    );
    expect(codesOf(answers)).toEqual({ incorrect: 4, blocked: 46 });
    expect(await counters(one, key.id)).toEqual({ password: 5, puk: 0, pending: 0, recorded: 0 });
  }, 120_000);

  it('50 wrong PUKs at once: 2 wrong, 48 KEY_BLOCKED, exactly 3 counted, blocked for good', async () => {
    const key = await activatedCredential(one, ann);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(i % 2 ? one : two, ann, `/rssp/v1/credentials/${key.id}/unlock`, {
          keyPuk: '999999999999',
          newKeyPassword: '135790',
        }),
      ),
    );
    expect(codesOf(answers)).toEqual({ incorrect: 2, blocked: 48 });
    expect(await counters(one, key.id)).toEqual({ password: 0, puk: 3, pending: 0, recorded: 0 });
    const view = await two.app.inject({
      url: `/rssp/v1/credentials/${key.id}`,
      headers: ann.headers,
    });
    expect(view.json()).toMatchObject({ pukBlocked: true });
  }, 120_000);
});
