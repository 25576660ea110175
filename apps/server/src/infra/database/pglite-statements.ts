import { createHash } from 'node:crypto';
import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Statement {
  name: string;
  /** The parameters' type ids, to serialise values as PGlite's own `query` does. */
  paramTypes: number[];
  /** The statement's row description (or none), which the answers of `execute` lack. */
  described: BackendMessage[];
}

/** A text is prepared on its second use: one-off texts (a list of n ids) never take a name. */
const usesBeforePreparing = 2;

/**
 * Makes PGlite's `query` outside a transaction (every statement Drizzle runs on `db`) run as a
 * named prepared statement, keyed by its text, from the text's second use on (decision 019).
 * PGlite's own `query` parses, analyses and plans the text on every call, which for the signing
 * path's larger statements is most of their time in the WebAssembly build; a named statement is
 * parsed once, and PostgreSQL's plan cache keeps its generic plan after five custom ones where
 * that costs no more. Transactions keep PGlite's own path. At most `capacity` texts hold a name;
 * the least recently used is closed to make room.
 */
export function cacheStatements(client: PGlite, capacity = 256): void {
  const statements = new Map<string, Statement>();
  const uses = new Map<string, number>();
  const unprepared = client.query.bind(client);

  const exchange = async (message: Uint8Array) =>
    (await client.execProtocol(message, { syncToFs: false })).messages;

  const prepare = async (text: string): Promise<Statement> => {
    const name = `s_${createHash('sha1').update(text).digest('base64url')}`;
    await exchange(protocol.serialize.parse({ name, text }));
    const described = await exchange(protocol.serialize.describe({ type: 'S', name }));
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      described: described.filter((m) => m.name === 'rowDescription'),
    };
    if (statements.size >= capacity) {
      const [oldest] = statements;
      if (oldest) {
        statements.delete(oldest[0]);
        await exchange(protocol.serialize.close({ type: 'S', name: oldest[1].name }));
      }
    }
    statements.set(text, statement);
    return statement;
  };

  const run = async (
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results> => {
    const messages: BackendMessage[] = [];
    let statement = statements.get(text);
    try {
      if (statement) {
        // Most recently used last, so the first entry is the one to close.
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      const types = statement.paramTypes;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const type = types[i];
        const serialize =
          type === undefined
            ? undefined
            : (options?.serializers?.[type] ?? client.serializers[type]);
        return serialize ? serialize(value) : String(value);
      });
      messages.push(...statement.described);
      messages.push(
        ...(await exchange(protocol.serialize.bind({ statement: statement.name, values }))),
        ...(await exchange(protocol.serialize.execute({}))),
      );
    } catch (error) {
      // A statement whose plan no longer fits its tables (a migration changed them) or that the
      // database lost is prepared again next time; one that failed on its values stays.
      const code = (error as { code?: unknown }).code;
      const stale = code === '0A000' || code === '26000';
      if (stale && statement && statements.get(text) === statement) {
        statements.delete(text);
        await exchange(protocol.serialize.close({ type: 'S', name: statement.name })).catch(
          () => undefined,
        );
      }
      throw error;
    } finally {
      await exchange(protocol.serialize.sync());
    }
    await client.syncToFs();
    const [result] = parse.parseResults(messages, client.parsers, options);
    if (!result) throw new Error('PGlite answered no result');
    return result;
  };

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    const count = statements.has(text) ? usesBeforePreparing : (uses.get(text) ?? 0) + 1;
    // What Drizzle never asks for (a blob, parameter types, notices) keeps PGlite's own path.
    const plain = !options?.blob && !options?.paramTypes && !options?.onNotice;
    if (count < usesBeforePreparing || !plain) {
      if (uses.size >= capacity * 4) uses.clear();
      uses.set(text, count);
      return unprepared<T>(text, params, options);
    }
    uses.delete(text);
    await client._checkReady();
    // The same locks as PGlite's own `query`: never inside another caller's transaction or query.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run(text, params, options)),
    ) as Promise<Results<T>>;
  };
}
