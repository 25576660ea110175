import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database for one test file: PGlite in memory by default; with TEST_DATABASE_URL a fresh
 * PostgreSQL database created on that server and dropped by `drop()`.
 */
export interface TestDatabase {
  /** postgres:// URL of the fresh database, or undefined for PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * The PostgreSQL server of the tests only PostgreSQL can run (several instances on one database,
 * pg_dump): TEST_DATABASE_URL. Without it they are skipped, so `npm test` needs no database
 * server; `.ci/run` runs the server suite a second time with it.
 */
export const postgresAdminUrl = process.env.TEST_DATABASE_URL ?? '';

export async function createTestDatabase(
  /** Server to create it on; a PostgreSQL URL forces PostgreSQL even without TEST_DATABASE_URL. */
  admin: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<TestDatabase> {
  if (!admin) return { url: undefined, drop: async () => undefined };
  const name = `signet_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
