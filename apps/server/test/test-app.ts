import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { AppContext } from '#infra/app-context';
import { loadConfig } from '#infra/config/config';
import { closeContext, createContext } from '#infra/create-context';
import { appMailboxes, startMailbox, type Mailbox } from './mailbox';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The key-encryption key of every test app in this process (tests only). */
export const testKeyEncryptionKey = randomBytes(32).toString('base64');

export interface TestApp {
  app: FastifyInstance;
  context: AppContext;
  testDatabase: TestDatabase;
  /** Where the app's mail goes (SMTP_URL points at it). */
  mailbox: Mailbox;
  close(): Promise<void>;
}

/**
 * Builds the whole app in process on a fresh database (see test-database.ts). `env` overrides
 * configuration; pass `databaseUrl` to share a database between two instances.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    databaseUrl?: string;
    /** An embedded database with its files here, even beside TEST_DATABASE_URL. */
    dataDir?: string;
  } = {},
): Promise<TestApp> {
  // A data folder means the embedded database with its files, whatever TEST_DATABASE_URL says.
  const testDatabase =
    options.dataDir !== undefined
      ? { url: undefined, drop: async () => undefined }
      : options.databaseUrl === undefined
        ? await createTestDatabase()
        : { url: options.databaseUrl, drop: async () => undefined };
  const mailbox = await startMailbox();
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:8080',
    SMTP_URL: mailbox.smtpUrl,
    LOG_LEVEL: 'silent',
    // One key-encryption key per test process: no kek.key file, and a reopened app unwraps.
    KEY_ENCRYPTION_KEY: testKeyEncryptionKey,
    // A test app is short-lived: its signing threads start cold (the bench sets production's).
    PDF_TRAIL_WARM_UPS: '0',
    ...(testDatabase.url ? { DATABASE_URL: testDatabase.url } : {}),
    ...options.env,
  });
  const context = await createContext(config, options.dataDir ?? null);
  const app = await buildApp({ context, serveWebApp: false, logger: false });
  await app.ready();
  appMailboxes.set(app, mailbox);
  return {
    app,
    context,
    testDatabase,
    mailbox,
    close: async () => {
      await app.close();
      await closeContext(context);
      await testDatabase.drop();
      await mailbox.close();
    },
  };
}
