import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient, QueryConfig } from 'pg';
import { copyOut, type CopiedPart } from './postgres-copy';
import { readingSocket } from './postgres-socket';

/** The Drizzle handle every store takes (or a transaction of it). */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * One database: PGlite (embedded PostgreSQL) under the data folder by default, or a PostgreSQL
 * server. Both speak the same SQL, so migrations and stores do not know which one runs.
 */
export interface Database {
  kind: 'pglite' | 'postgres';
  /** The folder of an embedded database's files; null in memory and for a PostgreSQL server. */
  dataDir: string | null;
  db: Db;
  /** Runs raw SQL (several statements allowed) in one transaction; used by migrations. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `task` while holding a PostgreSQL advisory lock, so that instances starting at the same
   * time take turns (migrations, first-start setup). PGlite has one connection: it just runs.
   */
  withLock<T>(key: number, task: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel; returns the function that stops listening. A LISTEN connection that
   * drops is opened again, with a growing pause, for as long as the listener lives; `onState`
   * hears each loss (with its error) and each recovery.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (state: ListenState) => void,
  ): Promise<() => Promise<void>>;
  /**
   * Takes the session advisory lock (namespace, key) and holds it until the database closes: a
   * mark other sessions see in `pg_locks` while this process lives, gone with its connection
   * when the process dies (infra/instance-presence.ts). False when another session holds it. On
   * PostgreSQL on a connection of its own, taken again when that connection drops; `onLost`
   * hears each loss.
   */
  holdSessionLock(namespace: number, key: number, onLost?: () => void): Promise<boolean>;
  close(): Promise<void>;
}

export type ListenState = { listening: true } | { listening: false; error: unknown };

/**
 * What only a PostgreSQL server's own handle offers its stores (`serverAccessOf`): reads of
 * `bytea` in COPY's binary format, and statements run by name. PGlite, and a transaction's
 * handle, have none: their stores read as before.
 */
export interface ServerAccess {
  /** `copyOut` (postgres-copy.ts) on a connection of the pool, released after it. */
  copyOut(select: string, onPart: CopiedPart): Promise<number>;
  /** A statement with a name, parsed once per connection by node-postgres. */
  query(config: QueryConfig & { name: string }): Promise<{ rows: unknown[] }>;
}

const serverAccess = new WeakMap<object, ServerAccess>();

/** The PostgreSQL server's own access behind `db`, when `db` is a server's handle. */
export function serverAccessOf(db: Db | Tx): ServerAccess | undefined {
  return serverAccess.get(db);
}

/** The application_name of LISTEN connections, so operators (and tests) can find them. */
export const listenApplicationName = 'signet_listen';

/** Pauses between attempts to reopen a lost LISTEN connection: 0.5 s doubling to 30 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 30_000);
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite opens `dataDir/pglite` (or memory when dataDir is null). */
  url?: string | undefined;
  dataDir?: string | null;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url) : openPglite(options.dataDir ?? null);
}

async function openPglite(dataDir: string | null): Promise<Database> {
  let path: string | undefined;
  if (dataDir) {
    path = join(dataDir, 'pglite');
    mkdirSync(path, { recursive: true });
  }
  // Each driver loads only when it is used: the one a server does not use costs no start time.
  const [{ PGlite }, { drizzle: drizzlePglite }, { pg_trgm }, { cacheStatements }] =
    await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('./pglite-statements'),
    ]);
  // pg_trgm serves the lists' substring search (migrations create the extension).
  const client = await PGlite.create(path, { extensions: { pg_trgm } });
  cacheStatements(client);
  return {
    kind: 'pglite',
    dataDir,
    db: drizzlePglite(client) as unknown as Db,
    exec: async (sql) => {
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    withLock: (_key, task) => task(),
    listen: async (channel, onPayload) => {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    // PGlite's one session lives as long as the database: the lock stays until close.
    holdSessionLock: async (namespace, key) => {
      const { rows } = await client.query<{ ok: boolean }>(
        'select pg_try_advisory_lock($1::int, $2::int) as ok',
        [namespace, key],
      );
      return rows[0]?.ok === true;
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  // Idle connections stay open (idleTimeoutMillis 0; pg's default closes them after 10 s): a
  // reopened one is a new backend whose first statements load its catalog caches, tens of ms
  // that the request waiting for it pays (decision 018, "the pool keeps its connections").
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    idleTimeoutMillis: 0,
    // Each connection reads into one reused buffer (postgres-socket.ts). node-postgres calls this
    // with the connection's config; its types leave the argument out.
    stream: readingSocket as unknown as () => Duplex,
  });
  // Fail at start, not on the first request, when the server is unreachable.
  await pool.query('select 1');
  const listeners = new Set<PoolClient>();
  let closing = false;
  // An idle client the server terminates must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool) as unknown as Db;
  serverAccess.set(db, {
    copyOut: async (select, onPart) => {
      const client = await pool.connect();
      // The caller's own exception stops its fields; the statement still ends on the connection.
      let refused: { error: unknown } | undefined;
      let broken: Error | undefined;
      try {
        const rows = await copyOut(client, select, (part, column, at, length) => {
          if (refused) return;
          try {
            onPart(part, column, at, length);
          } catch (error) {
            refused = { error };
          }
        });
        if (refused) throw refused.error;
        return rows;
      } catch (error) {
        // A connection lost under the statement (no SQLSTATE) is not reused.
        if (!refused && (error as { code?: unknown }).code === undefined) broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    query: (config) => pool.query(config),
  });
  return {
    kind: 'postgres',
    dataDir: null,
    db,
    exec: async (sql) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(sql);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    withLock: async (key, task) => {
      // A session lock on a connection of its own; the task's queries use the pool as usual.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [key]);
        try {
          return await task();
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload, onState) => {
      let client: PoolClient | null = null;
      let stopped = false;
      let retry: NodeJS.Timeout | undefined;
      const connect = async (): Promise<void> => {
        const c = await pool.connect();
        c.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        c.on('error', (error) => {
          // Only a client this listener still holds is released (close() may have done it).
          if (listeners.delete(c)) c.release(true);
          if (client !== c) return;
          client = null;
          if (stopped || closing) return;
          onState?.({ listening: false, error });
          reconnect(0);
        });
        try {
          await c.query(`set application_name = '${listenApplicationName}'`);
          await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        } catch (error) {
          c.release(true);
          throw error;
        }
        if (stopped || closing) {
          c.release(true);
          return;
        }
        listeners.add(c);
        client = c;
      };
      // Tries again and again, pausing longer each time, until the server takes us back.
      const reconnect = (attempt: number) => {
        retry = setTimeout(() => {
          connect().then(
            () => onState?.({ listening: true }),
            (error: unknown) => {
              if (stopped || closing) return;
              onState?.({ listening: false, error });
              reconnect(attempt + 1);
            },
          );
        }, reconnectDelayMs(attempt));
      };
      await connect();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        const c = client;
        if (!c || !listeners.delete(c)) return;
        await c.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        // A LISTEN connection never goes back to the pool for other queries.
        c.release(true);
      };
    },
    holdSessionLock: async (namespace, key, onLost) => {
      const take = async (): Promise<boolean> => {
        const c = await pool.connect();
        c.on('error', () => {
          if (!listeners.delete(c)) return;
          c.release(true);
          if (closing) return;
          onLost?.();
          retake(0);
        });
        try {
          const { rows } = await c.query<{ ok: boolean }>(
            'select pg_try_advisory_lock($1::int, $2::int) as ok',
            [namespace, key],
          );
          if (rows[0]?.ok !== true || closing) {
            c.release(true);
            return false;
          }
        } catch (error) {
          c.release(true);
          throw error;
        }
        // Held on this connection, which never goes back to the pool; closing releases it.
        listeners.add(c);
        return true;
      };
      const retake = (attempt: number) => {
        setTimeout(() => {
          if (closing) return;
          take().catch(() => retake(attempt + 1));
        }, reconnectDelayMs(attempt)).unref();
      };
      return take();
    },
    close: async () => {
      closing = true;
      const held = [...listeners];
      listeners.clear();
      for (const client of held) client.release(true);
      await pool.end();
    },
  };
}
