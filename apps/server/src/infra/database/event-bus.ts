import { sql, type SQL } from 'drizzle-orm';
import { signetEventSchema, type SignetEvent } from '@signet/contracts/events';
import type { Database, Db, ListenState, Tx } from './database';

const channel = 'signet_events';

export type EventHandler = (event: SignetEvent) => void;

/** What the bus reports so it can be logged and measured; never swallowed. */
export type EventBusReport =
  ListenState | { problem: 'bad-payload' | 'handler-failed'; error: unknown };

/**
 * Events travel through PostgreSQL NOTIFY, so an event published inside a transaction is
 * delivered only if that transaction commits, and every server instance on the same database
 * (PostgreSQL, or PGlite in one process) receives it.
 */
export interface EventBus {
  /** Publishes on `tx` when given (delivered on commit), otherwise at once. */
  publish(event: Omit<SignetEvent, 'time'>, tx?: Tx | Db): Promise<void>;
  /** Publishes several in one statement, in order (an event to everyone a chain names). */
  publishAll(events: readonly Omit<SignetEvent, 'time'>[], tx?: Tx | Db): Promise<void>;
  /**
   * The `select` that publishes these events, in order, for a statement that writes and
   * publishes at once (the last part of a `with … select`); delivered when it commits. With
   * `when`, only if that condition holds (a statement whose writes may find nothing to write).
   */
  notification(events: readonly Omit<SignetEvent, 'time'>[], when?: SQL): SQL;
  subscribe(handler: EventHandler): () => void;
  /** False while the LISTEN connection is lost (events of other instances do not arrive). */
  isListening(): boolean;
  /** Hears the LISTEN connection's losses and recoveries and every event that failed. */
  watch(observer: (report: EventBusReport) => void): () => void;
  close(): Promise<void>;
}

function notification(events: readonly Omit<SignetEvent, 'time'>[], when?: SQL): SQL {
  if (events.length === 0) return sql`select 1`;
  const time = new Date().toISOString();
  const payloads = events.map((event) => sql`${JSON.stringify({ ...event, time })}`);
  const condition = when ? sql` where ${when}` : sql``;
  return sql`select pg_notify(${channel}, t.p) from (select p from unnest(array[${sql.join(payloads, sql`, `)}]::text[]) with ordinality as u(p, n) order by n) t${condition}`;
}

export async function createEventBus(database: Database): Promise<EventBus> {
  const handlers = new Set<EventHandler>();
  const observers = new Set<(report: EventBusReport) => void>();
  let listening = true;
  const report = (value: EventBusReport) => {
    for (const observer of observers) observer(value);
  };
  const stop = await database.listen(
    channel,
    (payload) => {
      let event: SignetEvent;
      try {
        event = signetEventSchema.parse(JSON.parse(payload));
      } catch (error) {
        report({ problem: 'bad-payload', error });
        return;
      }
      for (const handler of handlers) {
        try {
          handler(event);
        } catch (error) {
          report({ problem: 'handler-failed', error });
        }
      }
    },
    (state) => {
      listening = state.listening;
      report(state);
    },
  );
  return {
    async publish(event, tx) {
      const full: SignetEvent = { ...event, time: new Date().toISOString() };
      await (tx ?? database.db).execute(sql`select pg_notify(${channel}, ${JSON.stringify(full)})`);
    },
    async publishAll(events, tx) {
      if (events.length === 0) return;
      await (tx ?? database.db).execute(notification(events));
    },
    notification,
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    isListening: () => listening,
    watch(observer) {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    async close() {
      handlers.clear();
      observers.clear();
      await stop();
    },
  };
}
