import type { Db, Tx } from './database';

/**
 * Queries whose SQL text drizzle builds once per database handle and shape, then runs with each
 * call's values (`sql.placeholder`): building a select's text costs drizzle 30–120 µs of CPU each
 * time, a fifth of the server's CPU on a list request (decision 018, "queries built once").
 *
 * A query whose text depends on more than its values (a list's filter and order) is built once
 * per shape: `key` names the shape, and `build` must take nothing else from it.
 *
 * `build` prepares its query with `.prepare('')`. An empty name keeps the statement unnamed in
 * node-postgres, so PostgreSQL still parses and plans it for the values of each call, as before:
 * a named statement would let its plan cache settle on one generic plan for every value (a rare
 * name search and a common one alike). The embedded database names it by its text
 * (`pglite-statements.ts`).
 *
 * @example
 * ```ts
 * const byId = builtQueries((db) =>
 *   db.select().from(users).where(eq(users.id, sql.placeholder('id'))).prepare(''),
 * );
 * const [row] = await byId(db).execute({ id });
 * ```
 */
export function builtQueries<Q, S = void>(
  build: (db: Db | Tx, shape: S) => Q,
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
    if (!query) queries.set(shapeKey, (query = build(db, shape)));
    return query;
  };
}
