import type { RuleChain } from '@signet/contracts/chain-rules';
import type { ChainEntryRow, ChainRow } from './chain-table';

/** A chain with its entries (in signing order) and viewers. */
export interface StoredChain {
  chain: ChainRow;
  entries: ChainEntryRow[];
  viewerIds: string[];
}

export function ruleChain(stored: StoredChain): RuleChain {
  return {
    status: stored.chain.status,
    type: stored.chain.type,
    createdById: stored.chain.createdBy,
    entries: stored.entries,
    viewerIds: stored.viewerIds,
    endedReason: stored.chain.endedReason,
  };
}

/** Everyone a chain names: its creator, its entries' users and its viewers. */
export function peopleOf(stored: StoredChain): string[] {
  return [
    stored.chain.createdBy,
    ...stored.entries.flatMap((e) => (e.userId ? [e.userId] : [])),
    ...stored.viewerIds,
  ];
}

/** The chain as one signature leaves it: its entry DONE, and the chain DONE when it was the last. */
export function afterSignature(
  stored: StoredChain,
  entryId: string,
  chainDone: boolean,
): StoredChain {
  return {
    ...stored,
    chain: { ...stored.chain, status: chainDone ? 'DONE' : stored.chain.status },
    entries: stored.entries.map((e) => (e.id === entryId ? { ...e, status: 'DONE' } : e)),
  };
}

const isOpen = (status: string) => status === 'CREATED' || status === 'IN_PROGRESS';

/** The chain as it stands at `now`: past its due date and not done, it reads as expired. */
export function asOfNow(stored: StoredChain, now = new Date()): StoredChain {
  const { chain } = stored;
  if (chain.status !== 'CREATED' || !chain.dueAt || chain.dueAt > now) return stored;
  return {
    ...stored,
    chain: { ...chain, status: 'FAILED', endedReason: 'EXPIRED' },
    entries: stored.entries.map((e) => (isOpen(e.status) ? { ...e, status: 'FAILED' } : e)),
  };
}
