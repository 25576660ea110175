import { chainFilterOf } from '@signet/contracts/chain-rules';
import type { EventName } from '@signet/contracts/events';
import type { Tx } from '#infra/database';
import type { ChainContext } from './chain-context';
import { ruleChain, type StoredChain } from '../schema';

/**
 * The chain's event to its creator and every participant, on both streams, on `tx`. Each hears
 * which of their list filters the chain now falls under, so the list can mark that chip.
 */
export async function announce(ctx: ChainContext, tx: Tx, name: EventName, stored: StoredChain) {
  // One statement for all of them: a chain of fifty signers is a hundred events per change.
  await ctx.events.publishAll(chainEvents(name, stored), tx);
}

/** The events `announce` publishes (for a statement that writes and publishes at once). */
export function chainEvents(name: EventName, stored: StoredChain) {
  const recipients = new Set<string>([stored.chain.createdBy, ...stored.viewerIds]);
  for (const entry of stored.entries) if (entry.userId) recipients.add(entry.userId);
  const rules = ruleChain(stored);
  return [...recipients].flatMap((userId) => {
    const payload = { chainId: stored.chain.id, filter: chainFilterOf(rules, userId) };
    return (['rdss', 'rssp'] as const).map((stream) => ({ name, stream, userId, payload }));
  });
}
