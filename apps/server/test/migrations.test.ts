import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '#infra/database/database';
import { migrate } from '#infra/database/migrations';
import { createTestDatabase, postgresAdminUrl, type TestDatabase } from './test-database';
import { describeOnPostgres } from './describe-on-postgres';

// Two instances starting together on a new database is the race; only PostgreSQL can have it.

describeOnPostgres('migrations (PostgreSQL)', () => {
  let target: TestDatabase;
  const opened: Database[] = [];
  beforeAll(async () => {
    target = await createTestDatabase(postgresAdminUrl);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await target.drop();
  });

  it('lets two instances start at once on an empty PostgreSQL database, applying each migration once', async () => {
    for (let i = 0; i < 2; i++) opened.push(await openDatabase({ url: target.url }));
    const [a, b] = opened as [Database, Database];
    const [first, second] = await Promise.all([migrate(a), migrate(b)]);
    const applied = [...first, ...second];
    expect(applied.length).toBeGreaterThan(0);
    // One instance applied everything, the other found nothing left to do.
    expect([first.length, second.length].sort()).toEqual([0, applied.length]);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from public.schema_migrations',
    );
    await client.end();
    expect(rows[0]?.count).toBe(applied.length);
    expect(await migrate(b)).toEqual([]);
  });
});
