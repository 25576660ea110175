// chains/: A chain as read and written: locks, reads, writes, events, views, the list pages and
// turns. Its public face: what the rest of the service may use of it.
export { mayMailOthers, sameAddress } from './address-rules';
export type { ChainContext } from './chain-context';
export { announce, chainEvents } from './chain-events';
export { actorDetail, creationHistory, viewerInvitations } from './chain-history-events';
export { createChainLocks, type ChainLocks } from './chain-locks';
export {
  getChain,
  getChainByExternalId,
  getChainHistory,
  listAllChains,
  listOwnChains,
  visible,
} from './chain-reading';
export { findChain } from './chain-reads';
export { loadSubject, subjectName, type ChainSubject } from './chain-subject';
export { toView } from './chain-view';
export {
  bindEntry,
  closeOpenEntries,
  deleteChain,
  insertChain,
  replaceViewers,
  updateChain,
  updateEntry,
} from './chain-writes';
export { createCheckTurns, type CheckTurns } from './check-turns';
export { countOwnChains } from './own-chain-list';
export { readableChainSubject, subjectDocument } from './readable-chain';
