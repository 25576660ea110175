import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Tx } from '#infra/database';
import { type ChainContext, announce, findChain } from '../chains';
import { recordChainHistory, chainEntries, chains } from '../schema';
import { tellEnded } from './chain-notices';

/**
 * Due dates (issue 26 §3, beyond the spec; decision 028): a chain not DONE by its `due_at` fails
 * with `ended_reason = 'EXPIRED'`. The sweep writes it (entries still open close FAILED, an
 * EXPIRED history event, the chain's events, then the mails); until the sweep comes by, every
 * read and every signature sees the chain as expired already (`asOfNow`, stored-chain.ts), so
 * nobody signs it late.
 */

/** Chains one sweep expires at most; the next sweep takes the rest. */
const perSweep = 100;

/** Expires one locked chain on `tx`: entries, chain, history and events. */
async function expireLocked(ctx: ChainContext, tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(chainEntries)
    .set({ status: 'FAILED' })
    .where(
      and(eq(chainEntries.chainId, id), inArray(chainEntries.status, ['CREATED', 'IN_PROGRESS'])),
    );
  await tx
    .update(chains)
    .set({ status: 'FAILED', endedReason: 'EXPIRED', updatedAt: now })
    .where(eq(chains.id, id));
  await recordChainHistory(tx, [{ chainId: id, kind: 'EXPIRED' }]);
  const stored = await findChain(tx, id);
  if (stored) await announce(ctx, tx, 'SIGNATURE_CHAIN_UPDATED', stored);
}

/**
 * Expires the chains past their due date (or only `chainId`), at most a hundred a call, and
 * then tells their creators and waiting participants. Instances sweeping at once never take the
 * same chain: each locks the rows it takes and skips those another holds (`skip locked`), and a
 * chain expired by one no longer matches for the other. Answers the ids expired.
 */
export async function expireDueChains(
  ctx: ChainContext,
  options: { now?: Date; chainId?: string } = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const expired = await ctx.database.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: chains.id })
      .from(chains)
      .where(
        and(
          eq(chains.status, 'CREATED'),
          isNull(chains.deletedAt),
          lte(chains.dueAt, now),
          ...(options.chainId ? [eq(chains.id, options.chainId)] : []),
        ),
      )
      .orderBy(asc(chains.dueAt))
      .limit(perSweep)
      .for('update', { skipLocked: true });
    for (const { id } of due) await expireLocked(ctx, tx, id, now);
    return due.map((row) => row.id);
  });
  for (const id of expired) tellEnded(ctx, id, 'EXPIRED', null);
  return expired;
}
