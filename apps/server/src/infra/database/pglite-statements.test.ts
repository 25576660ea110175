import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheStatements } from './pglite-statements';

describe('cacheStatements', () => {
  let client: PGlite;
  // `exec` (the simple protocol) is never prepared, so it does not count itself.
  const prepared = async () =>
    (await client.exec('select name from pg_prepared_statements'))[0]!.rows;

  beforeEach(async () => {
    client = await PGlite.create();
    await client.exec(`create table notes (id int primary key, body text, at timestamptz,
      data jsonb, bytes bytea)`);
    cacheStatements(client, 2);
  });
  afterEach(() => client.close());

  it('names a text on its second use and answers as PGlite does', async () => {
    const insert = 'insert into notes values ($1, $2, $3, $4, $5) returning id, body, data';
    const at = new Date('2026-01-02T03:04:05Z');
    const first = await client.query(insert, [1, 'one', at, { a: 1 }, new Uint8Array([1, 2])]);
    expect(await prepared()).toEqual([]);
    const second = await client.query(insert, [2, null, at, { a: 2 }, new Uint8Array([3])]);
    expect(await prepared()).toHaveLength(1);
    expect(first.rows).toEqual([{ id: 1, body: 'one', data: { a: 1 } }]);
    expect(second.rows).toEqual([{ id: 2, body: null, data: { a: 2 } }]);
    expect(second.affectedRows).toBe(1);

    const read = 'select id, at, bytes from notes where id = $1';
    for (let i = 0; i < 8; i++) await client.query(read, [1]);
    const row = (await client.query(read, [1], { rowMode: 'array' })).rows[0];
    expect(row).toEqual([1, at, new Uint8Array([1, 2])]);
  });

  it('keeps the error of a failed statement, and the statement works after it', async () => {
    const insert = 'insert into notes (id) values ($1)';
    await client.query(insert, [1]);
    await client.query(insert, [2]);
    await expect(client.query(insert, [2])).rejects.toMatchObject({ code: '23505' });
    await client.query(insert, [3]);
    expect((await client.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 3 }]);
  });

  it('prepares a statement again once a migration changed its table', async () => {
    const read = 'select * from notes where id = $1';
    await client.query(read, [1]);
    await client.query(read, [1]);
    await client.exec('alter table notes add column extra int');
    await expect(client.query(read, [1])).rejects.toMatchObject({ code: '0A000' });
    const again = await client.query(read, [1]);
    expect(again.fields.map((f) => f.name)).toContain('extra');
  });

  it('leaves transactions to PGlite and waits for them', async () => {
    const insert = 'insert into notes (id) values ($1)';
    await client.query(insert, [1]);
    await client.query(insert, [2]);
    let outside: Promise<unknown> | undefined;
    await client.transaction(async (tx) => {
      await tx.query(insert, [3]);
      // Sent while the transaction is open: it runs after the commit, never inside it.
      outside = client.query(insert, [4]);
      await tx.rollback();
    });
    await outside;
    const ids = await client.query<{ id: number }>('select id from notes order by id');
    expect(ids.rows.map((r) => r.id)).toEqual([1, 2, 4]);
  });

  it('closes the least recently used statement past its capacity', async () => {
    const texts = ['select 1 as n where $1::int > 0', 'select 2 as n where $1::int > 0'];
    for (const text of [...texts, ...texts]) await client.query(text, [1]);
    expect(await prepared()).toHaveLength(2);
    const third = 'select 3 as n where $1::int > 0';
    await client.query(third, [1]);
    expect((await client.query(third, [1])).rows).toEqual([{ n: 3 }]);
    expect(await prepared()).toHaveLength(2);
    expect((await client.query(texts[0]!, [1])).rows).toEqual([{ n: 1 }]);
  });
});
