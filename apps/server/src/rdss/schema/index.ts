// schema/: The rDSS tables every room reads (chains, documents, revisions, containers, history).
// Its public face: what the rest of the service may use of it.
export {
  chainHistory,
  historyEvent,
  readChainHistory,
  recordChainHistory,
  type NewChainHistoryEvent,
} from './chain-history';
export {
  chainCounts,
  chainEntries,
  chainInvitations,
  chainViewers,
  chains,
  invitationMailCounts,
  noticeMailCounts,
  type ChainEntryRow,
  type ChainRow,
} from './chain-table';
export {
  containerSignatures,
  type ContainerDocument,
  type ContainerSignatureRow,
} from './container-table';
export {
  batches,
  documentBlobChunks,
  documentThumbnails,
  documents,
  type BatchRow,
  type DocumentRow,
} from './document-table';
export {
  documentRevisions,
  revisionIncrements,
  revisionTrails,
  signRequests,
  type RevisionRow,
} from './revision-table';
export { afterSignature, asOfNow, peopleOf, ruleChain, type StoredChain } from './stored-chain';
