import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from './database';
import { serverDir } from '../config';

/** Services in the order their migrations apply; each owns `src/<service>/migrations/*.sql`. */
export const services = ['idp', 'platform', 'rssp', 'rdss'] as const;

const schemaMigrations = pgTable(
  'schema_migrations',
  {
    service: text('service').notNull(),
    name: text('name').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.service, t.name] })],
);

/** The SQL files stay in the source tree: the compiled server reads them from there too. */
const srcDir = join(serverDir, 'src');

interface Migration {
  service: string;
  name: string;
  sql: string;
}

function listMigrations(): Migration[] {
  return services.flatMap((service) => {
    const dir = join(srcDir, service, 'migrations');
    let files: string[];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
    } catch {
      return [];
    }
    return files
      .sort()
      .map((name) => ({ service, name, sql: readFileSync(join(dir, name), 'utf8') }));
  });
}

/** Advisory lock key that serialises migrations across instances starting at once. */
const MIGRATION_LOCK = 0x5169_6e01;

/**
 * Applies every migration not yet applied, each in its own transaction, and records it. Files are
 * versioned by name (`001-users.sql`) and never edited once landed. Instances that start at the
 * same time take turns: the later one finds everything applied.
 */
export function migrate(database: Database): Promise<string[]> {
  return database.withLock(MIGRATION_LOCK, () => applyPending(database));
}

async function applyPending(database: Database): Promise<string[]> {
  await database.exec(`
    create table if not exists public.schema_migrations (
      service text not null,
      name text not null,
      applied_at timestamptz not null default now(),
      primary key (service, name)
    )`);
  const rows = await database.db
    .select({ service: schemaMigrations.service, name: schemaMigrations.name })
    .from(schemaMigrations);
  const applied = new Set(rows.map((r) => `${r.service}/${r.name}`));
  const done: string[] = [];
  for (const m of listMigrations()) {
    const key = `${m.service}/${m.name}`;
    if (applied.has(key)) continue;
    await database.exec(
      `create schema if not exists ${m.service};\n${m.sql}\n;\n` +
        `insert into public.schema_migrations (service, name) values ('${m.service}', '${m.name.replace(/'/g, "''")}');`,
    );
    done.push(key);
  }
  return done;
}
