import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  openDatabase,
  serverAccessOf,
  type Database,
  type ServerAccess,
} from '#infra/database/database';
import { describeOnPostgres } from './describe-on-postgres';
import { createTestDatabase, type TestDatabase } from './test-database';

/** The rows of `copy … (format binary)` as `copyOut` hands them over, each field joined. */
async function copied(server: ServerAccess, select: string): Promise<(Buffer | null)[][]> {
  const rows: (Buffer | null)[][] = [];
  await server.copyOut(select, (part, column, at, length) => {
    if (column === 0 && at === 0) rows.push([]);
    const row = rows[rows.length - 1]!;
    if (at === 0) row.push(part && Buffer.alloc(length));
    if (part) part.copy(row[column]!, at);
  });
  return rows;
}

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Issue 29, decision 025: a PostgreSQL server's connections read into one buffer used again
 * (infra/postgres-socket.ts), node-postgres given a copy of each read, COPY's rows copied from
 * it straight to their place. Ordinary answers, COPY answers and their failures share the
 * connections of one pool, one after another and at once.
 */
describeOnPostgres('PostgreSQL connections reading into one reused buffer', () => {
  let testDatabase: TestDatabase;
  let database: Database;
  let server: ServerAccess;
  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    database = await openDatabase({ url: testDatabase.url });
    server = serverAccessOf(database.db)!;
    await database.exec(`
      create table pieces (seq integer primary key, bytes bytea);
      insert into pieces
        select g, decode(repeat(lpad(to_hex(g), 2, '0') || 'a5', 150000 + g), 'hex')
        from generate_series(0, 9) g;
      insert into pieces values (10, null), (11, ''::bytea);`);
  });
  afterAll(async () => {
    await database.close();
    await testDatabase.drop();
  });

  const expected = (seq: number) =>
    Buffer.from(`${seq.toString(16).padStart(2, '0')}a5`.repeat(150000 + seq), 'hex');

  it('answers large rows, COPY rows (null, empty, 300 KB fields) and ordinary queries alike, at once on the pool', async () => {
    const ordinary = async () => {
      const { rows } = (await database.db.execute(
        sql`select repeat('signet', 500000) as text, ${'ő'}::text as accent`,
      )) as unknown as { rows: { text: string; accent: string }[] };
      return rows[0]!;
    };
    const [rows, again, text] = await Promise.all([
      copied(server, 'select seq, bytes from pieces order by seq'),
      copied(server, 'select bytes from pieces where seq = 3'),
      ordinary(),
    ]);
    expect(rows).toHaveLength(12);
    for (let seq = 0; seq < 10; seq++) {
      expect(rows[seq]![0]!.readInt32BE(0)).toBe(seq);
      expect(sha(rows[seq]![1]!)).toBe(sha(expected(seq)));
    }
    expect(rows[10]![1]).toBeNull();
    expect(rows[11]![1]).toEqual(Buffer.alloc(0));
    expect(sha(again[0]![0]!)).toBe(sha(expected(3)));
    expect(text.text).toBe('signet'.repeat(500000));
    expect(text.accent).toBe('ő');
    // The same connections go on answering ordinary queries.
    expect((await ordinary()).text.length).toBe(3_000_000);
  });

  it('a COPY that fails half-way (the server) or whose rows are refused (the caller) ends cleanly, and the pool goes on', async () => {
    await expect(
      copied(
        server,
        'select case when seq = 6 then (1 / (seq - 6))::text::bytea else bytes end from pieces order by seq',
      ),
    ).rejects.toMatchObject({ code: '22012' });
    await expect(
      server.copyOut('select bytes from pieces order by seq', (_part, _column, at) => {
        if (at > 200_000) throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // Every connection of the pool (10) answers again, COPY and ordinary queries.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 2
          ? copied(server, `select bytes from pieces where seq = ${i % 10}`).then((r) =>
              sha(r[0]![0]!),
            )
          : (
              database.db.execute(sql`select ${i}::int as i`) as unknown as Promise<{
                rows: { i: number }[];
              }>
            ).then((r) => r.rows[0]!.i),
      ),
    );
    expect(answers).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? sha(expected(i % 10)) : i)),
    );
  });
});
