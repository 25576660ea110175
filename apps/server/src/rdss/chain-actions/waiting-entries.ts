import { and, asc, isNull, sql } from 'drizzle-orm';
import type { Tx, EventBus } from '#infra/database';
import { chainEvents, findChain, bindEntry } from '../chains';
import { chainEntries } from '../schema';

/**
 * A user's address became confirmed: every entry of a live chain that waits for that address
 * (named before anyone had proved it) is bound to the user, as its invitation link would bind it,
 * and the chain's people hear of it. An entry of a chain the user already takes part in stays
 * as it is (one place per person and chain, as with the link). Runs in the confirming
 * transaction, so the address and what waited for it change together.
 */
export async function bindEntriesWaitingFor(
  tx: Tx,
  events: EventBus,
  user: { id: string; email: string },
): Promise<void> {
  const waiting = await tx
    .select({ id: chainEntries.id, chainId: chainEntries.chainId })
    .from(chainEntries)
    .where(
      and(sql`lower(${chainEntries.email}) = lower(${user.email})`, isNull(chainEntries.userId)),
    )
    .orderBy(asc(chainEntries.chainId), asc(chainEntries.position));
  const chainIds = [...new Set(waiting.map((entry) => entry.chainId))];
  for (const chainId of chainIds) {
    // Chains in the recycle bin are not found: nothing of theirs is handed out.
    const stored = await findChain(tx, chainId, { lock: true });
    if (!stored || stored.entries.some((entry) => entry.userId === user.id)) continue;
    const entry = waiting.find((candidate) => candidate.chainId === chainId);
    if (!entry) continue;
    await bindEntry(tx, entry.id, user.id);
    // Its invitation stays: opening the link then simply opens the chain.
    const bound = {
      ...stored,
      entries: stored.entries.map((e) => (e.id === entry.id ? { ...e, userId: user.id } : e)),
    };
    await events.publishAll(chainEvents('SIGNATURE_CHAIN_UPDATED', bound), tx);
  }
}
