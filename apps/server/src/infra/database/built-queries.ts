import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { serverAccessOf, type Db, type Tx } from './database';

/**
 * Queries whose SQL text drizzle builds once per database handle and shape, then runs with each
 * call's values (`sql.placeholder`): building a select's text costs drizzle 30–120 µs of CPU each
 * time, a fifth of the server's CPU on a list request (decision 018, "queries built once").
 *
 * A query whose text depends on more than its values (a list's filter and order) is built once
 * per shape: `key` names the shape, and `build` must take nothing else from it.
 *
 * `build` prepares its query with a name from `statementName` where one plan suits every value,
 * and with `.prepare('')` where the best plan depends on the value (see there). The embedded
 * database names every statement by its text (`pglite-statements.ts`).
 *
 * @example
 * ```ts
 * const byId = builtQueries((db) =>
 *   db
 *     .select()
 *     .from(users)
 *     .where(eq(users.id, sql.placeholder('id')))
 *     .prepare(statementName('user_by_id')),
 * );
 * const [row] = await byId(db).execute({ id });
 * ```
 */
export function builtQueries<Q, S = void>(
  /** Builds the query of one shape; `shapeKey` is what `key` gave for it. */
  build: (db: Db | Tx, shape: S, shapeKey: string) => Q,
  /** What tells two shapes apart (a list's filter, order…); one query for one shape. */
  key: (shape: S) => string = () => '',
): (db: Db | Tx, shape: S) => Q {
  // A transaction's handle is dropped with it; the server's one handle keeps its queries.
  const built = new WeakMap<Db | Tx, Map<string, Q>>();
  return (db, shape) => {
    let queries = built.get(db);
    if (!queries) built.set(db, (queries = new Map()));
    const shapeKey = key(shape);
    let query = queries.get(shapeKey);
    if (!query) queries.set(shapeKey, (query = build(db, shape, shapeKey)));
    return query;
  };
}

/**
 * The name of a statement built once whose one plan suits every value it runs with: a lookup by
 * key, or a page whose plan does not turn on how many rows a value matches. node-postgres parses
 * a named statement once per connection, and PostgreSQL keeps its generic plan after five custom
 * ones where that costs no more: about a millisecond of PostgreSQL's CPU less on a list page
 * (decision 018, "named where one plan fits"). A statement whose best plan turns on the value (a
 * name search, where a rare term and a common one want different plans, or one creator's chains,
 * a few or most of them) stays unnamed, `.prepare('')`, and is planned for each call's values.
 *
 * `shape` is the key of a statement built per shape; the same label and shape always give the
 * same name, which stays under PostgreSQL's 63 characters for a label of up to 40.
 */
export function statementName(label: string, shape = ''): string {
  return `${label}_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
}

const dialect = new PgDialect();

/**
 * `db.execute(query)` for a statement that runs on every call of a hot path (a signature's read
 * and commit): on a PostgreSQL server it runs by a name of its text, so node-postgres parses it
 * once per connection and PostgreSQL may keep its plan (decision 025); the embedded database names
 * every statement by its text already (`pglite-statements.ts`). One plan must suit every value:
 * lookups by key. Each text gets its own name, so a statement whose text varies in a few shapes
 * (a commit's events) has a few.
 */
export async function executeNamed(
  db: Db | Tx,
  label: string,
  query: SQL,
): Promise<{ rows: unknown[] }> {
  const server = serverAccessOf(db);
  if (!server) return (await db.execute(query)) as unknown as { rows: unknown[] };
  const { sql: text, params } = dialect.sqlToQuery(query);
  return server.query({ name: statementName(label, text), text, values: params });
}
