import { asc, eq, sql } from 'drizzle-orm';
import { bigint, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type {
  ChainHistoryDetail,
  ChainHistoryEvent,
  ChainHistoryKind,
} from '@signet/contracts/chain-history';
import { builtQueries, statementName, type Db, type Tx } from '#infra/database';

/** `rdss.chain_history` (migrations/017-chain-history.sql). */
export const chainHistory = pgSchema('rdss').table('chain_history', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  chainId: uuid('chain_id').notNull(),
  kind: text('kind').notNull().$type<ChainHistoryKind>(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  entryId: uuid('entry_id'),
  actorId: uuid('actor_id'),
  detail: jsonb('detail').notNull().$type<ChainHistoryDetail>(),
});

export interface NewChainHistoryEvent {
  chainId: string;
  kind: ChainHistoryKind;
  entryId?: string | null;
  actorId?: string | null;
  detail?: ChainHistoryDetail;
  /** When it happened, if not now (a signature's signing time, which its trail already shows). */
  at?: Date;
}

/**
 * Records events in the transaction of the change they describe, so the history never claims
 * what did not commit. An OPENED event a participant already has is skipped (first open only).
 */
export async function recordChainHistory(tx: Tx | Db, events: NewChainHistoryEvent[]) {
  if (events.length === 0) return;
  await tx
    .insert(chainHistory)
    .values(
      events.map((event) => ({
        chainId: event.chainId,
        kind: event.kind,
        at: event.at ?? sql`clock_timestamp()`,
        entryId: event.entryId ?? null,
        actorId: event.actorId ?? null,
        detail: event.detail ?? {},
      })),
    )
    .onConflictDoNothing();
}

/** Every signature's trail reads its chain's history: built once, parsed once per connection. */
const historyOfChain = builtQueries((db) =>
  db
    .select()
    .from(chainHistory)
    .where(eq(chainHistory.chainId, sql.placeholder('chainId')))
    .orderBy(asc(chainHistory.id))
    .prepare(statementName('chain_history_of')),
);

/** The chain's events in the order they happened. */
export async function readChainHistory(db: Tx | Db, chainId: string): Promise<ChainHistoryEvent[]> {
  const rows = await historyOfChain(db).execute({ chainId });
  return rows.map(historyEvent);
}

/** A history row as the contracts name it. */
export function historyEvent(row: typeof chainHistory.$inferSelect): ChainHistoryEvent {
  return {
    kind: row.kind,
    at: row.at.toISOString(),
    entryId: row.entryId,
    actorId: row.actorId,
    detail: row.detail,
  };
}
