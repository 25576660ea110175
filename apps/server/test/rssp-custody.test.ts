import { spawnSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { Credential } from '@signet/contracts/credentials';
import { buildApp } from '../src/app';
import type { AppContext } from '#infra/app-context';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';
import { keyRingOf } from '#infra/keys/kek';
import { unwrapWithKek, unwrapWithSecret, wrappedKekId } from '#infra/keys/key-wrap';
import { createRsspContext } from '#rssp/create-rssp-context';
import { ensureIdpSecrets } from '#idp/store/idp-keys';
import { signHashes } from '#rssp/custody/sign-hashes';
import { wrapAad } from '#rssp/keys/wrap-aad';
import {
  adminAccount,
  bootstrap,
  createCredential,
  fastKdfEnv,
  keyPassword,
  person,
  post,
  puk,
  rsspTestEnv,
} from './rssp-fixture';
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from './test-database';
import { describeOnPostgres } from './describe-on-postgres';
import { testKeyEncryptionKey } from './test-app';

interface OpenedApp {
  app: FastifyInstance;
  context: AppContext;
  close(): Promise<void>;
}

/** Opens Signet on a given database (PostgreSQL URL, or PGlite files under `dataDir`). */
async function openApp(
  target: { url: string | undefined; dataDir: string },
  env: Record<string, string> = {},
): Promise<OpenedApp> {
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:8080',
    LOG_LEVEL: 'silent',
    KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
    ...rsspTestEnv,
    ...fastKdfEnv,
    ...(target.url ? { DATABASE_URL: target.url } : {}),
    ...env,
  });
  const context = await createContext(config, target.url ? null : target.dataDir);
  try {
    const app = await buildApp({ context, serveWebApp: false, logger: false });
    await app.ready();
    return {
      app,
      context,
      close: async () => {
        await app.close();
        await closeContext(context);
      },
    };
  } catch (error) {
    await closeContext(context);
    throw error;
  }
}

async function rowsOf(
  context: AppContext,
  query: ReturnType<typeof sql>,
): Promise<Record<string, unknown>[]> {
  const result = await context.database.db.execute(query);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

describe('rSSP custody: state across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-restart-'));
  let testDatabase: TestDatabase | undefined;
  afterAll(async () => {
    await testDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps credentials, wrong-password counts, the CA and the key across close and reopen; refuses another KEK',
    { timeout: 180_000 },
    async () => {
      testDatabase = await createTestDatabase();
      const target = { url: testDatabase.url, dataDir };
      const first = await openApp(target);
      await bootstrap(first);
      const ann = await person(first, 'ann@example.com');
      const c = await createCredential(first, ann, { certificateEnrollmentMode: 'CMP' });
      expect(
        (
          await post(first, ann, `/rssp/v1/credentials/${c.id}/activate`, {
            keyPassword,
            keyPuk: puk,
          })
        ).statusCode,
      ).toBe(200);
      const changePassword = (app: OpenedApp, who: typeof ann, old: string) =>
        post(app, who, `/rssp/v1/credentials/${c.id}/changePassword`, {
          oldKeyPassword: old,
          newKeyPassword: old,
        });
      for (let i = 0; i < 3; i++)
        expect((await changePassword(first, ann, '000000')).statusCode).toBe(400);
      const root = (await first.app.inject({ url: '/rssp/v1/ca/certificate' })).body;
      await first.close();

      await expect(
        openApp(target, { KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') }),
      ).rejects.toThrow(/key-encryption key/);

      const second = await openApp(target);
      try {
        const annAgain = await person(second, 'ann@example.com', 'user-password-1', false);
        expect(annAgain.id).toBe(ann.id);
        expect((await second.app.inject({ url: '/rssp/v1/ca/certificate' })).body).toBe(root);
        const view = await second.app.inject({
          url: `/rssp/v1/credentials/${c.id}`,
          headers: annAgain.headers,
        });
        expect(view.json<Credential>()).toMatchObject({
          status: 'ACTIVATED',
          certificateSerialNumber: c.certificateSerialNumber,
        });
        expect((await changePassword(second, annAgain, '000000')).json()).toMatchObject({
          code: 'INCORRECT_KEYPASSWORD_OR_PUK',
        });
        expect((await changePassword(second, annAgain, '000000')).json()).toMatchObject({
          code: 'KEY_BLOCKED',
        });
        expect((await changePassword(second, annAgain, keyPassword)).json()).toMatchObject({
          code: 'KEY_BLOCKED',
        });
        const unlocked = await post(second, annAgain, `/rssp/v1/credentials/${c.id}/unlock`, {
          keyPuk: puk,
          newKeyPassword: keyPassword,
        });
        expect(unlocked.statusCode).toBe(200);
        expect((await changePassword(second, annAgain, keyPassword)).statusCode).toBe(200);
      } finally {
        await second.close();
      }
    },
  );
});

describe('rSSP custody: rotating the key-encryption key', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'signet-rotate-'));
  let testDatabase: TestDatabase | undefined;
  afterAll(async () => {
    await testDatabase?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    're-wraps KEK-only blobs at start with _PREVIOUS set, moves password copies on use, then runs without the old key',
    { timeout: 180_000 },
    async () => {
      testDatabase = await createTestDatabase();
      const target = { url: testDatabase.url, dataDir };
      const oldKek = randomBytes(32).toString('base64');
      const newKek = randomBytes(32).toString('base64');
      const first = await openApp(target, { KEY_ENCRYPTION_KEY: oldKek });
      await bootstrap(first);
      const ann = await person(first, 'ann@example.com');
      const explicit = await createCredential(first, ann, { certificateEnrollmentMode: 'CMP' });
      expect(
        (
          await post(first, ann, `/rssp/v1/credentials/${explicit.id}/activate`, {
            keyPassword,
            keyPuk: puk,
          })
        ).statusCode,
      ).toBe(200);
      const implicit = await createCredential(first, ann, { authMode: 'IMPLICIT' });
      // An SLH-DSA key's certificate makes the post-quantum CA, a second wrapped CA key.
      await createCredential(first, ann, {
        keyAlg: 'sphincs+',
        ecCurveName: 'sphincs-sha2-128f',
        certificateEnrollmentMode: 'CMP',
      });
      await first.close();

      const rotating = await openApp(target, {
        KEY_ENCRYPTION_KEY: newKek,
        KEY_ENCRYPTION_KEY_PREVIOUS: oldKek,
      });
      try {
        const newId = keyRingOf(newKek).current.id;
        const [implicitRow] = await rowsOf(
          rotating.context,
          sql`select wrapped_key from rssp.credentials where id = ${implicit.id}`,
        );
        expect(wrappedKekId(String(implicitRow?.wrapped_key))).toBe(newId);
        const caRows = await rowsOf(
          rotating.context,
          sql`select id, wrapped_key from rssp.certificate_authority order by id`,
        );
        expect(caRows.map((row) => [row.id, wrappedKekId(String(row.wrapped_key))])).toEqual([
          ['embedded', newId],
          ['post-quantum', newId],
        ]);
        const ctx = await createRsspContext(rotating.context);
        const signed = await signHashes(ctx, {
          credentialId: explicit.id,
          userId: ann.id,
          hashes: [createHash('sha256').update('x').digest()],
          hashAlgorithm: 'sha256',
          authorisation: { type: 'keyPassword', keyPassword },
        });
        expect(signed.signatures).toHaveLength(1);
        const [explicitRow] = await rowsOf(
          rotating.context,
          sql`select wrapped_key_password, wrapped_key_puk from rssp.credentials where id = ${explicit.id}`,
        );
        expect(wrappedKekId(String(explicitRow?.wrapped_key_password))).toBe(newId);
        const annAgain = await person(rotating, 'ann@example.com', 'user-password-1', false);
        const changed = await post(
          rotating,
          annAgain,
          `/rssp/v1/credentials/${explicit.id}/changePuk`,
          {
            oldKeyPuk: puk,
            newKeyPuk: puk,
            newKeyPassword: keyPassword,
          },
        );
        expect(changed.statusCode).toBe(200);
      } finally {
        await rotating.close();
      }

      const after = await openApp(target, { KEY_ENCRYPTION_KEY: newKek });
      try {
        const annAfter = await person(after, 'ann@example.com', 'user-password-1', false);
        const cmp = await createCredential(after, annAfter, { certificateEnrollmentMode: 'CMP' });
        expect(cmp.certChain).toHaveLength(2);
        // The post-quantum CA's key unwraps under the new KEK alone.
        const pq = await createCredential(after, annAfter, {
          keyAlg: 'sphincs+',
          ecCurveName: 'sphincs-sha2-128f',
          certificateEnrollmentMode: 'CMP',
        });
        expect(pq.certChain[1]?.pem).toBe(
          (await after.app.inject({ url: '/rssp/v1/ca/pq/certificate' })).body,
        );
        const changed = await post(
          after,
          annAfter,
          `/rssp/v1/credentials/${explicit.id}/changePassword`,
          {
            oldKeyPassword: keyPassword,
            newKeyPassword: keyPassword,
          },
        );
        expect(changed.statusCode).toBe(200);
      } finally {
        await after.close();
      }
    },
  );
});

/** A fresh PostgreSQL database (pg_dump needs PostgreSQL: TEST_DATABASE_URL or 127.0.0.1:5432). */
async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({
    connectionString: postgresAdminUrl,
    connectionTimeoutMillis: 2_000,
  });
  await admin.connect();
  const name = `signet_dump_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresAdminUrl });
      await c.connect();
      // Let the closed pool's connections finish before dropping, so none is killed mid-close.
      for (let i = 0; i < 20; i++) {
        const done = await c.query(`drop database if exists ${name}`).then(
          () => true,
          () => false,
        );
        if (done) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describeOnPostgres(
  'rSSP custody: a database dump holds no private key in clear (PostgreSQL)',
  () => {
    it(
      'pg_dump contains neither the PKCS#8 (hex, base64) of created keys nor the CA key, PUK, password or identity provider keys',
      { timeout: 180_000 },
      async () => {
        const database = await freshPostgres();
        const opened = await openApp({ url: database.url, dataDir: '' });
        try {
          await bootstrap(opened);
          await person(opened, adminAccount.email, adminAccount.password, false);
          const ann = await person(opened, 'ann@example.com');
          const explicit = await createCredential(opened, ann, {
            keyAlg: 'rsa',
            rsaKeySize: 2048,
            ecCurveName: undefined,
            certificateEnrollmentMode: 'CMP',
          });
          expect(
            (
              await post(opened, ann, `/rssp/v1/credentials/${explicit.id}/activate`, {
                keyPassword,
                keyPuk: puk,
              })
            ).statusCode,
          ).toBe(200);
          const implicit = await createCredential(opened, ann, {
            authMode: 'IMPLICIT',
            ecCurveName: 'secp256k1',
          });

          const ring = keyRingOf(testKeyEncryptionKey);
          const [explicitRow] = await rowsOf(
            opened.context,
            sql`select * from rssp.credentials where id = ${explicit.id}`,
          );
          const [implicitRow] = await rowsOf(
            opened.context,
            sql`select * from rssp.credentials where id = ${implicit.id}`,
          );
          const [caRow] = await rowsOf(
            opened.context,
            sql`select * from rssp.certificate_authority`,
          );
          const secrets: Buffer[] = [];
          for (const [kind, blob, secret] of [
            ['password', explicitRow?.wrapped_key_password, keyPassword],
            ['puk', explicitRow?.wrapped_key_puk, puk],
          ] as const) {
            const pkcs8 = await unwrapWithSecret({
              ring,
              blob: String(blob),
              secret,
              aad: wrapAad(explicit.id, kind),
            });
            expect(pkcs8).not.toBeNull();
            secrets.push(pkcs8!);
          }
          expect(explicitRow?.wrapped_key).toBeNull();
          secrets.push(
            unwrapWithKek(ring, String(implicitRow?.wrapped_key), wrapAad(implicit.id, 'kek')),
          );
          secrets.push(
            unwrapWithKek(ring, String(caRow?.wrapped_key), 'certificate-authority|embedded'),
          );
          // What was unwrapped really is the private key of the stored public key.
          const spkiOf = (pkcs8: Buffer) =>
            createPublicKey(createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })).export({
              type: 'spki',
              format: 'der',
            });
          expect(spkiOf(secrets[0]!).toString('base64')).toBe(explicitRow?.public_key);
          expect(spkiOf(secrets[2]!).toString('base64')).toBe(implicitRow?.public_key);

          const dump = spawnSync('pg_dump', ['--no-owner', '--dbname', database.url], {
            encoding: 'utf8',
            maxBuffer: 256 * 1024 * 1024,
          });
          expect(dump.status).toBe(0);
          const text = dump.stdout;
          expect(text).toContain('rssp.credentials');
          expect(text).toContain(explicit.id);
          for (const pkcs8 of secrets) {
            expect(text).not.toContain(pkcs8.toString('hex'));
            expect(text.toLowerCase()).not.toContain(pkcs8.toString('hex').slice(0, 64));
            expect(text).not.toContain(pkcs8.toString('base64'));
            expect(text).not.toContain(pkcs8.toString('base64').slice(8, 72));
          }
          expect(text).not.toContain(puk);
          expect(text).not.toContain(testKeyEncryptionKey);
          // Nor the identity provider's token-signing and cookie keys (a dump must not mint tokens).
          const idp = await ensureIdpSecrets(opened.context.database.db, opened.context.keyRing);
          expect(idp.signingKeys.length).toBeGreaterThan(0);
          for (const key of idp.signingKeys)
            for (const part of [key.d, key.p, key.q]) expect(text).not.toContain(part);
          for (const cookieKey of idp.cookieKeys) expect(text).not.toContain(cookieKey);
        } finally {
          await opened.close();
          await database.drop();
        }
      },
    );
  },
);
