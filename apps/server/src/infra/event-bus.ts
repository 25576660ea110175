import { sql } from 'drizzle-orm';
import { signetEventSchema, type SignetEvent } from '@signet/contracts/events';
import type { Database, Db, Tx } from './database';

const channel = 'signet_events';

export type EventHandler = (event: SignetEvent) => void;

/**
 * Events travel through PostgreSQL NOTIFY, so an event published inside a transaction is
 * delivered only if that transaction commits, and every server instance on the same database
 * (PostgreSQL, or PGlite in one process) receives it.
 */
export interface EventBus {
  /** Publishes on `tx` when given (delivered on commit), otherwise at once. */
  publish(event: Omit<SignetEvent, 'time'>, tx?: Tx | Db): Promise<void>;
  subscribe(handler: EventHandler): () => void;
  close(): Promise<void>;
}

export async function createEventBus(database: Database): Promise<EventBus> {
  const handlers = new Set<EventHandler>();
  const stop = await database.listen(channel, (payload) => {
    let event: SignetEvent;
    try {
      event = signetEventSchema.parse(JSON.parse(payload));
    } catch {
      return;
    }
    for (const handler of handlers) handler(event);
  });
  return {
    async publish(event, tx) {
      const full: SignetEvent = { ...event, time: new Date().toISOString() };
      await (tx ?? database.db).execute(sql`select pg_notify(${channel}, ${JSON.stringify(full)})`);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await stop();
    },
  };
}
