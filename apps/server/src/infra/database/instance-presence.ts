import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './database';

/**
 * The advisory-lock namespace of instance presence (the first key of `pg_advisory_lock(int, int)`;
 * 'SGNP'). Migrations lock with a single bigint key, a space of its own in `pg_locks`.
 */
export const presenceNamespace = 0x53474e50;

/**
 * This server process's mark on its database (decision 024): a random id whose session advisory
 * lock it holds while it lives. Work that must be settled if the process dies (a key password's
 * attempt in flight) records the id; another instance, or this one after a restart, tells a dead
 * process's work by the missing lock. The lock goes with the connection, so `kill -9` frees it
 * at once: no lease to wait out.
 */
export interface InstancePresence {
  /** This process's id (1 … 2^31-1). */
  readonly id: number;
  /** Grows each time the connection that holds the lock was lost; work begun before may be settled. */
  readonly epoch: number;
}

/** Takes a free id and holds its lock until the database closes. */
export async function startInstancePresence(database: Database): Promise<InstancePresence> {
  const presence = { id: 0, epoch: 0 };
  for (let tries = 0; tries < 16; tries++) {
    const id = randomInt(1, 2 ** 31 - 1);
    if (await database.holdSessionLock(presenceNamespace, id, () => (presence.epoch += 1))) {
      presence.id = id;
      return presence;
    }
  }
  throw new Error('No free instance id for the presence lock');
}

/**
 * SQL that is true when the instance `column` names holds its presence lock on this database:
 * false for a process that died (or lost its connection).
 */
export function instanceAlive(column: SQL): SQL {
  return sql`exists (
    select 1 from pg_locks l
    where l.locktype = 'advisory' and l.granted
      and l.classid = ${presenceNamespace}::int::oid and l.objsubid = 2
      and l.objid = ${column}::oid
      and l.database = (select oid from pg_database where datname = current_database()))`;
}
