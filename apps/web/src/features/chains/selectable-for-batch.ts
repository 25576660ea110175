import type { Chain } from '@signet/contracts/chains';

/**
 * Bulk signing picks only chains with one original document and no clerk or approver entries
 * (documents §2).
 */
export function isSelectableForBatch(chain: Chain): boolean {
  return chain.origDocument !== null && chain.signatures.every((s) => !s.clerkMode && !s.approver);
}
