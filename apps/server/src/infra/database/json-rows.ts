import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A row a statement answered as JSON (`to_jsonb(t)`), turned into what a plain `select` of the
 * table answers: column names to field names, and each value through its column's own mapping
 * (timestamps to Dates, bigints to numbers). It lets one statement fetch a row with its parts.
 */
export function rowFromJson<T extends Table>(table: T, json: unknown): InferSelectModel<T> {
  const source = json as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const value = source[column.name];
    out[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as InferSelectModel<T>;
}

/** The rows of a raw `execute` (PGlite and node-postgres both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
