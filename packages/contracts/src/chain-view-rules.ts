import type { RuleChain } from './chain-rules';
import type { Chain } from './chains';

/** What the shared rules module reads of a chain as the API answers it. */
export function ruleChainOf(chain: Chain): RuleChain {
  return {
    status: chain.status,
    type: chain.type,
    createdById: chain.createdBy.id ?? '',
    entries: chain.signatures.map((s) => ({
      id: s.id,
      userId: s.user.id,
      status: s.status,
      approver: s.approver,
    })),
    viewerIds: chain.viewers.flatMap((v) => (v.id ? [v.id] : [])),
    endedReason: chain.endedReason,
  };
}
