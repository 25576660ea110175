import { useCallback, useState } from 'react';
import { chainFilterSchema } from '@signet/contracts/chain-rules';
import type { ChainFilter } from '@signet/contracts/chain-rules';
import { useLiveEvent } from '../../shared/events/live-events';

const chainEvents = new Set([
  'SIGNATURE_CHAIN_CREATED',
  'SIGNATURE_CHAIN_UPDATED',
  'SIGNATURE_CHAIN_DELETED',
  'SIGNATURE_CHAIN_WITHDRAWN',
]);

/**
 * The filters where a chain changed live while the user looked at another one (the red dots of
 * documents §2). Each event names the filter the chain now falls under for this user; the dot goes
 * when the user opens that filter.
 */
export function useMarkedFilters(active: ChainFilter) {
  const [marked, setMarked] = useState<ReadonlySet<ChainFilter>>(new Set());
  useLiveEvent((event) => {
    if (!chainEvents.has(event.name)) return;
    const filter = chainFilterSchema.safeParse(event.payload.filter);
    if (!filter.success || filter.data === active) return;
    setMarked((current) => new Set(current).add(filter.data));
  });
  const clear = useCallback((filter: ChainFilter) => {
    setMarked((current) => {
      const next = new Set(current);
      next.delete(filter);
      return next;
    });
  }, []);
  return { marked, clear };
}
